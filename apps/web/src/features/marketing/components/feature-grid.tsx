import { Bot, Languages, Share2, ShieldCheck, Terminal, Users } from "lucide-react";
import { LanguageCount, LanguageExamples } from "./language-count.tsx";
import { SectionHeading } from "./section-heading.tsx";

/** The merged feature grid of both landing variants (spec §1). */
export function FeatureGrid() {
  const features = [
    { icon: Users, title: "Real-time collaboration", text: "Everyone edits the same file live, with presence and typing indicators." },
    { icon: ShieldCheck, title: "Secure environment", text: "Code runs in an isolated sandbox with no network and strict limits." },
    // Names come from the live list: only languages this server can run now (issue 10 §3.6).
    { icon: Languages, title: <>Support for <LanguageCount /></>, text: <LanguageExamples /> },
    { icon: Terminal, title: "Instant execution", text: "Run with custom input and share the terminal output with the room." },
    { icon: Bot, title: "AI assistant", text: "Each room's AI chatbot explains, reviews and fixes code, once the server has an AI service connected." },
    { icon: Share2, title: "Share in one click", text: "Invite teammates with a 6-character room ID or a link." },
  ];
  return (
    <section aria-labelledby="features-title" className="mx-auto max-w-6xl px-4 py-20 sm:px-6 lg:px-8">
      <SectionHeading id="features-title" eyebrow="Features" title="Everything your team needs to code together">
        A shared editor, a sandboxed runner and an assistant, in the browser, with nothing to install.
      </SectionHeading>
      <ul className="mt-14 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
        {features.map(({ icon: Icon, title, text }, i) => (
          <li
            key={i}
            className="group rounded-2xl border border-slate-200 bg-white p-6 shadow-sm transition hover:-translate-y-0.5 hover:shadow-md dark:border-slate-800 dark:bg-slate-900"
          >
            <span className="flex size-11 items-center justify-center rounded-xl bg-indigo-600 text-white shadow-sm shadow-indigo-600/30">
              <Icon className="size-5" aria-hidden />
            </span>
            <h3 className="mt-5 text-lg font-semibold text-slate-900 dark:text-white">{title}</h3>
            <p className="mt-2 text-sm leading-6 text-slate-600 dark:text-slate-400">{text}</p>
          </li>
        ))}
      </ul>
    </section>
  );
}
