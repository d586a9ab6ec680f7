import { Link } from "react-router";
import { ArrowRight, Languages, Users, Zap } from "lucide-react";
import { buttonClasses } from "../../../components/ui/button.tsx";
import { EditorPreview } from "./editor-preview.tsx";
import { LanguageCount } from "./language-count.tsx";

/** Landing hero: headline, Start Coding, three highlights and the editor preview. */
export function Hero() {
  const highlights = [
    { icon: Languages, label: <LanguageCount /> },
    { icon: Users, label: "Real-time collaboration" },
    { icon: Zap, label: "Instant execution" },
  ];
  return (
    <section className="relative overflow-hidden">
      <div
        aria-hidden
        className="pointer-events-none absolute inset-x-0 -top-40 -z-0 h-[36rem] bg-[radial-gradient(ellipse_at_top,var(--color-indigo-200),transparent_65%)] opacity-70 dark:bg-[radial-gradient(ellipse_at_top,var(--color-indigo-900),transparent_65%)]"
      />
      <div className="relative mx-auto grid max-w-6xl items-center gap-12 px-4 pt-14 pb-20 sm:px-6 lg:grid-cols-2 lg:px-8 lg:pt-24">
        <div>
          <p className="inline-flex items-center gap-2 rounded-full border border-indigo-200 bg-white/70 px-3 py-1 text-xs font-semibold text-indigo-700 dark:border-indigo-500/30 dark:bg-indigo-500/10 dark:text-indigo-300">
            <span className="size-1.5 rounded-full bg-emerald-500" /> Collaborative coding rooms
          </p>
          <h1 className="mt-5 text-4xl font-extrabold tracking-tight text-slate-900 sm:text-5xl lg:text-6xl dark:text-white">
            Code Together in{" "}
            <span className="bg-gradient-to-r from-indigo-600 to-violet-500 bg-clip-text text-transparent dark:from-indigo-400 dark:to-violet-400">
              Real-Time
            </span>
          </h1>
          <p className="mt-5 max-w-xl text-lg text-slate-600 dark:text-slate-300">
            Create a room, share its 6-character ID and write, run and debug code with your team in one shared editor,
            terminal and AI assistant.
          </p>
          <div className="mt-8 flex flex-wrap gap-3">
            <Link to="/dashboard" className={buttonClasses("primary", "lg")}>
              Start Coding
              <ArrowRight className="size-4" aria-hidden />
            </Link>
            <Link to="/pricing" className={buttonClasses("outline", "lg")}>
              See Pricing
            </Link>
          </div>
          <ul className="mt-10 grid gap-3 sm:grid-cols-3">
            {highlights.map(({ icon: Icon, label }, i) => (
              <li key={i} className="flex items-center gap-2 text-sm font-medium text-slate-700 dark:text-slate-200">
                <span className="flex size-8 shrink-0 items-center justify-center rounded-lg bg-indigo-100 text-indigo-700 dark:bg-indigo-500/15 dark:text-indigo-300">
                  <Icon className="size-4" aria-hidden />
                </span>
                {label}
              </li>
            ))}
          </ul>
        </div>
        <div className="min-w-0">
          <EditorPreview />
        </div>
      </div>
    </section>
  );
}
