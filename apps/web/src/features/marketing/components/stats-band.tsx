import { LanguageNumber } from "./language-count.tsx";

// Only facts this server can stand behind (issue 42): no invented user or session counts.
const stats = [
  { value: <LanguageNumber />, label: "Languages" },
  { value: "₹0", label: "To start, on the Free plan" },
  { value: "1 link", label: "To bring someone into your room" },
  { value: "24 h", label: "Support reply time" },
];

/** The stats section of the second landing variant (spec §1). */
export function StatsBand() {
  return (
    <section aria-label="CodeRoom in numbers" className="mx-auto max-w-6xl px-4 py-16 sm:px-6 lg:px-8">
      <dl className="grid grid-cols-2 gap-6 rounded-3xl border border-slate-200 bg-white p-8 shadow-sm md:grid-cols-4 dark:border-slate-800 dark:bg-slate-900">
        {stats.map((s) => (
          <div key={s.label} className="flex flex-col-reverse text-center">
            <dt className="mt-1 text-sm text-slate-500 dark:text-slate-400">{s.label}</dt>
            <dd className="text-3xl font-extrabold text-slate-900 sm:text-4xl dark:text-white">{s.value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
