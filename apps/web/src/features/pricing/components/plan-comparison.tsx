import { Check, Minus } from "lucide-react";
import type { TPlanId } from "@coderoom/shared/constants/plans";
import { plans } from "@coderoom/shared/constants/plans";
import { comparisonRows } from "./plan-display";

function Cell({ value }: { value: string | boolean }) {
  if (value === true) return <Check className="mx-auto size-5 text-emerald-600" aria-label="Included" />;
  if (value === false) return <Minus className="mx-auto size-5 text-slate-400" aria-label="Not included" />;
  return <>{value}</>;
}

/** Side-by-side comparison of the given plans (Free vs Basic, or Free/Basic/Pro). */
export function PlanComparison({ planIds }: { planIds: TPlanId[] }) {
  return (
    <div tabIndex={0} role="region" aria-label="Plan comparison" className="overflow-x-auto rounded-2xl border border-slate-200 dark:border-slate-800">
      <table className="w-full min-w-[28rem] text-sm">
        <caption className="sr-only">Plan comparison</caption>
        <thead className="bg-slate-50 dark:bg-slate-800/60">
          <tr>
            <th scope="col" className="px-4 py-3 text-left font-semibold text-slate-900 dark:text-white">
              Feature
            </th>
            {planIds.map((id) => (
              <th key={id} scope="col" className="px-4 py-3 text-center font-semibold text-slate-900 dark:text-white">
                {plans[id].name}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-200 bg-white dark:divide-slate-800 dark:bg-slate-900">
          {comparisonRows.map((row) => (
            <tr key={row.feature}>
              <th scope="row" className="px-4 py-3 text-left font-medium text-slate-700 dark:text-slate-300">
                {row.feature}
              </th>
              {planIds.map((id) => (
                <td key={id} className="px-4 py-3 text-center text-slate-700 dark:text-slate-300">
                  <Cell value={row[id]} />
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
