import type { ReactNode } from "react";
import { PageContainer, PageHeader } from "./ui/page-header.tsx";

export interface TInfoSection {
  title: string;
  body: ReactNode;
}

/** A short text page (terms, privacy, docs...): a header, then titled sections. */
export function InfoPage({ eyebrow, title, intro, sections, children }: {
  eyebrow: string;
  title: string;
  intro: ReactNode;
  sections: TInfoSection[];
  children?: ReactNode;
}) {
  return (
    <PageContainer narrow>
      <PageHeader eyebrow={eyebrow} title={title}>
        {intro}
      </PageHeader>
      <div className="mt-12 space-y-10">
        {sections.map((s) => (
          <section key={s.title} aria-label={s.title}>
            <h2 className="text-xl font-semibold text-slate-900 dark:text-white">{s.title}</h2>
            <div className="mt-3 space-y-3 text-[15px] leading-7 text-slate-700 dark:text-slate-300 [&_a]:font-semibold [&_a]:text-indigo-700 [&_a]:underline dark:[&_a]:text-indigo-300 [&_li]:ml-5 [&_ul]:list-disc">
              {s.body}
            </div>
          </section>
        ))}
      </div>
      {children}
    </PageContainer>
  );
}
