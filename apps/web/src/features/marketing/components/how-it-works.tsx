import { SectionHeading } from "./section-heading.tsx";

const steps = [
  { title: "Create a room", text: "Pick a name and a language; you get a unique 6-character room ID." },
  { title: "Invite your team", text: "Share the room ID or link; teammates join in one click." },
  { title: "Start coding", text: "Edit together live, run the code and read the output side by side." },
];

/** The three-step how-it-works of spec §1. */
export function HowItWorks() {
  return (
    <section aria-labelledby="how-title" className="mx-auto max-w-6xl px-4 py-20 sm:px-6 lg:px-8">
      <SectionHeading id="how-title" eyebrow="How it works" title="From zero to pair programming in three steps" />
      <ol className="mt-14 grid gap-8 md:grid-cols-3">
        {steps.map((s, i) => (
          <li key={s.title} className="relative text-center">
            <span className="mx-auto flex size-14 items-center justify-center rounded-2xl bg-gradient-to-br from-indigo-500 to-violet-600 text-xl font-bold text-white shadow-lg shadow-indigo-500/30">
              {i + 1}
            </span>
            <h3 className="mt-5 text-lg font-semibold text-slate-900 dark:text-white">{s.title}</h3>
            <p className="mx-auto mt-2 max-w-xs text-sm leading-6 text-slate-600 dark:text-slate-400">{s.text}</p>
          </li>
        ))}
      </ol>
    </section>
  );
}
