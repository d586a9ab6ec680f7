import { CircleCheck } from "lucide-react";
import { LanguageNumber } from "./language-count.tsx";

const points = [
  "Pair programming and interviews without screen sharing",
  "Teaching and code reviews in one shared room",
  "Hackathons and study groups that start in seconds",
];

/** Landing about block of spec §1, with facts in place of its invented user and project counts. */
export function AboutBlock() {
  const stats = [
    { value: "₹0", label: "To start, on the Free plan" },
    { value: "0", label: "Installs needed" },
    { value: <LanguageNumber />, label: "Languages" },
  ];
  return (
    <section aria-labelledby="about-title" className="bg-white py-20 dark:bg-slate-900/50">
      <div className="mx-auto grid max-w-6xl items-center gap-12 px-4 sm:px-6 lg:grid-cols-2 lg:px-8">
        <div>
          <p className="text-sm font-semibold tracking-wide text-indigo-600 uppercase dark:text-indigo-400">About CodeRoom</p>
          <h2 id="about-title" className="mt-2 text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl dark:text-white">
            Built for developers who build together
          </h2>
          <p className="mt-4 text-base text-slate-600 sm:text-lg dark:text-slate-400">
            CodeRoom turns any browser into a shared workspace. No setup, no installs: open a room and start solving
            problems with your team.
          </p>
          <ul className="mt-6 space-y-3">
            {points.map((p) => (
              <li key={p} className="flex gap-3 text-sm text-slate-700 dark:text-slate-300">
                <CircleCheck className="mt-0.5 size-5 shrink-0 text-indigo-600 dark:text-indigo-400" aria-hidden />
                {p}
              </li>
            ))}
          </ul>
        </div>
        <dl className="grid grid-cols-2 gap-4 sm:grid-cols-3 lg:grid-cols-2">
          {stats.map((s, i) => (
            <div
              key={s.label}
              className={`rounded-2xl border border-slate-200 bg-slate-50 p-6 dark:border-slate-800 dark:bg-slate-900 ${i === 2 ? "col-span-2 sm:col-span-1 lg:col-span-2" : ""}`}
            >
              <dt className="text-sm text-slate-500 dark:text-slate-400">{s.label}</dt>
              <dd className="mt-2 text-3xl font-bold text-indigo-600 dark:text-indigo-400">{s.value}</dd>
            </div>
          ))}
        </dl>
      </div>
    </section>
  );
}
