import { useState } from "react";
import { Wallet } from "lucide-react";
import { Card } from "../../../components/ui/card.tsx";
import { PageSpinner } from "../../../components/ui/spinner.tsx";
import { useAllPayments } from "../api/payments-api";
import { usePaymentFilters } from "../hooks/use-payment-filters";
import { PaymentFilters } from "./payment-filters.tsx";
import { PaymentStatCards } from "./payment-stat-cards.tsx";
import { PaymentsPagination } from "./payments-pagination.tsx";
import { PaymentsTable } from "./payments-table.tsx";
import { RevenueChart } from "./revenue-chart.tsx";

/** Spec §9: the analytics page shows 10 payments at a time, from start 0. */
const PAGE_SIZE = 10;

function NoPayments() {
  return (
    <Card className="flex flex-col items-center gap-2 p-10 text-center">
      <Wallet className="size-10 text-slate-400" aria-hidden />
      <h2 className="text-lg font-semibold text-slate-900 dark:text-white">No Payments Found</h2>
      <p className="text-sm text-slate-600 dark:text-slate-400">There are no payments yet, or none match the filters.</p>
    </Card>
  );
}

/** /allpayments: totals, chart, filters, the page of payments and its paging. Fetch failures are only logged (spec §8). */
export function PaymentAnalytics() {
  const [start, setStart] = useState(0);
  const query = useAllPayments(start, PAGE_SIZE);
  const summary = query.data;
  const filters = usePaymentFilters(summary?.purchases ?? []);
  if (query.isPending) return <PageSpinner />;
  if (!summary) return <NoPayments />;
  return (
    <div className="space-y-6">
      <PaymentStatCards summary={summary} />
      <RevenueChart months={summary.revenueByMonth} />
      <PaymentFilters filters={filters} />
      {filters.filtered.length === 0 ? <NoPayments /> : <PaymentsTable payments={filters.filtered} />}
      <PaymentsPagination
        start={start}
        limit={PAGE_SIZE}
        total={summary.totalTransactions}
        shown={filters.filtered.length}
        filtered={filters.active}
        loading={query.isFetching}
        onPage={setStart}
      />
    </div>
  );
}
