import type { ReactNode } from "react";
import { CircleCheck, Code2 } from "lucide-react";

const perks = ["Live collaborative editing", "Run code in a secure sandbox", "Share rooms with a 6-character ID"];

/** Two-column frame of the account pages: a brand panel and the form card. */
export function AuthShell({ title, subtitle, children }: { title: string; subtitle: string; children: ReactNode }) {
  return (
    <div className="flex flex-1 items-center justify-center px-4 py-10 sm:py-16">
      <div className="grid w-full max-w-4xl overflow-hidden rounded-3xl border border-slate-200 bg-white shadow-xl shadow-slate-900/5 md:grid-cols-5 dark:border-slate-800 dark:bg-slate-900">
        <aside className="relative hidden flex-col justify-between bg-gradient-to-br from-indigo-600 via-indigo-700 to-violet-700 p-8 text-white md:col-span-2 md:flex">
          <div className="flex size-11 items-center justify-center rounded-xl bg-white/15">
            <Code2 className="size-6" aria-hidden />
          </div>
          <div>
            <p className="text-2xl font-bold">Code together, in real time.</p>
            <ul className="mt-6 space-y-3 text-sm text-indigo-100">
              {perks.map((p) => (
                <li key={p} className="flex items-center gap-2">
                  <CircleCheck className="size-4 shrink-0" aria-hidden />
                  {p}
                </li>
              ))}
            </ul>
          </div>
          <p className="text-xs text-indigo-200">CodeRoom</p>
        </aside>
        <section className="p-6 sm:p-10 md:col-span-3">
          <h1 className="text-2xl font-bold tracking-tight text-slate-900 dark:text-white">{title}</h1>
          <p className="mt-1.5 text-sm text-slate-600 dark:text-slate-400">{subtitle}</p>
          <div className="mt-8">{children}</div>
        </section>
      </div>
    </div>
  );
}

/** Inline text link style used under the account forms. */
export const textLinkClasses =
  "rounded font-semibold text-indigo-600 hover:text-indigo-500 focus-visible:outline-2 focus-visible:outline-indigo-500 dark:text-indigo-400";
