import { Link } from "react-router";
import { Check } from "lucide-react";
import clsx from "clsx";
import { buttonClasses } from "../../../components/ui/button";
import { planCards, rupees } from "./plan-display";

/** Free, Basic (MOST POPULAR) and Pro cards with their buttons. */
export function PlanCards() {
  return (
    <ul className="grid gap-6 lg:grid-cols-3 lg:items-stretch">
      {planCards.map((p) => (
        <li
          key={p.id}
          aria-label={`${p.name} plan`}
          className={clsx(
            "relative flex flex-col rounded-3xl border bg-white p-8 shadow-sm dark:bg-slate-900",
            p.popular
              ? "border-indigo-500 shadow-xl shadow-indigo-500/10 ring-1 ring-indigo-500 lg:-my-3 lg:py-11"
              : "border-slate-200 dark:border-slate-800",
          )}
        >
          {p.popular && (
            <span className="absolute -top-3.5 left-1/2 -translate-x-1/2 rounded-full bg-indigo-600 px-3 py-1 text-xs font-bold tracking-wide text-white">
              MOST POPULAR
            </span>
          )}
          <h2 className="text-lg font-semibold text-slate-900 dark:text-white">{p.name}</h2>
          <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">{p.description}</p>
          <p className="mt-6 flex items-baseline gap-1.5">
            <span className="text-4xl font-extrabold tracking-tight text-slate-900 dark:text-white">{rupees(p.price)}</span>
            <span className="text-sm text-slate-500 dark:text-slate-400">/ {p.period}</span>
          </p>
          <ul className="mt-8 flex-1 space-y-3">
            {p.features.map((f) => (
              <li key={f} className="flex gap-3 text-sm text-slate-700 dark:text-slate-300">
                <Check className="mt-0.5 size-4 shrink-0 text-indigo-600 dark:text-indigo-400" aria-hidden />
                {f}
              </li>
            ))}
          </ul>
          <Link to={p.target} className={buttonClasses(p.popular ? "primary" : "outline", "lg", "mt-8 w-full")}>
            {p.button}
          </Link>
        </li>
      ))}
    </ul>
  );
}
