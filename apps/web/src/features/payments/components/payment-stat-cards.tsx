import type { LucideIcon } from "lucide-react";
import { CheckCircle2, IndianRupee, Receipt, TrendingUp } from "lucide-react";
import type { TPaymentSummary } from "@coderoom/shared/schemas/payments";
import { Card } from "../../../components/ui/card.tsx";
import { inr } from "./payment-display";

function Stat({ label, value, icon: Icon }: { label: string; value: string; icon: LucideIcon }) {
  return (
    <Card className="flex items-center gap-4 p-5">
      <span className="rounded-xl bg-indigo-50 p-3 text-indigo-600 dark:bg-indigo-500/15 dark:text-indigo-300">
        <Icon className="size-5" aria-hidden />
      </span>
      <div>
        <p className="text-sm text-slate-500 dark:text-slate-400">{label}</p>
        <p className="text-2xl font-bold text-slate-900 dark:text-white">{value}</p>
      </div>
    </Card>
  );
}

/** The four stat cards of spec §2: totals over every payment, not just the page. */
export function PaymentStatCards({ summary }: { summary: TPaymentSummary }) {
  return (
    <section aria-label="Payment totals" className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
      <Stat label="Total Revenue" value={inr(summary.totalRevenue)} icon={IndianRupee} />
      <Stat label="Total Transactions" value={summary.totalTransactions.toLocaleString("en-IN")} icon={Receipt} />
      <Stat label="Success Rate" value={`${summary.successRate}%`} icon={CheckCircle2} />
      <Stat label="Avg. Transaction" value={inr(summary.avgTransactionPrice)} icon={TrendingUp} />
    </section>
  );
}
