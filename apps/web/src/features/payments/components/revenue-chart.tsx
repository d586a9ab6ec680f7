import type { TPaymentSummary } from "@coderoom/shared/schemas/payments";
import { Card } from "../../../components/ui/card.tsx";
import { inr } from "./payment-display";

const W = 640;
const H = 200;
const PAD = 28;

/** "2026-03" -> "Mar 26". */
function monthLabel(month: string): string {
  const [y, m] = month.split("-").map(Number);
  return new Date(Date.UTC(y!, (m ?? 1) - 1, 1)).toLocaleDateString("en-GB", { month: "short", year: "numeric", timeZone: "UTC" });
}

/** Completed revenue per month over the last year, as plain SVG bars (no chart library). */
export function RevenueChart({ months }: { months: TPaymentSummary["revenueByMonth"] }) {
  const max = Math.max(1, ...months.map((m) => m.revenue));
  const slot = months.length > 0 ? (W - PAD * 2) / months.length : 0;
  return (
    <Card className="p-5">
      <h2 className="text-base font-semibold text-slate-900 dark:text-white">Revenue over time</h2>
      {months.length === 0 ? (
        <p className="mt-4 text-sm text-slate-500 dark:text-slate-400">No revenue in the last 12 months.</p>
      ) : (
        <svg viewBox={`0 0 ${W} ${H + 24}`} role="img" aria-label="Revenue per month, last 12 months" className="mt-4 w-full">
          <line x1={PAD} y1={H} x2={W - PAD} y2={H} className="stroke-slate-300 dark:stroke-slate-700" />
          {months.map((m, i) => {
            const h = Math.round(((H - PAD) * m.revenue) / max);
            const x = PAD + i * slot + slot * 0.15;
            return (
              <g key={m.month}>
                <title>{`${monthLabel(m.month)}: ${inr(m.revenue)}`}</title>
                <rect x={x} y={H - h} width={slot * 0.7} height={h} rx={3} className="fill-indigo-500" />
                <text x={x + slot * 0.35} y={H - h - 6} textAnchor="middle" className="fill-slate-600 text-[10px] dark:fill-slate-400">
                  {inr(m.revenue)}
                </text>
                <text x={x + slot * 0.35} y={H + 16} textAnchor="middle" className="fill-slate-600 text-[11px] dark:fill-slate-400">
                  {monthLabel(m.month)}
                </text>
              </g>
            );
          })}
        </svg>
      )}
    </Card>
  );
}
