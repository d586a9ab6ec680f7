import { Search, X } from "lucide-react";
import { Button } from "../../../components/ui/button.tsx";
import type { TPlanFilter, TStatusFilter, usePaymentFilters } from "../hooks/use-payment-filters";

const selectClass =
  "rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900 dark:border-slate-700 dark:bg-slate-900 dark:text-white";

/** Search box, Status and Plan filters, and Clear Filters while any filter is active. */
export function PaymentFilters({ filters }: { filters: ReturnType<typeof usePaymentFilters> }) {
  return (
    <div className="flex flex-col gap-3 md:flex-row md:items-center">
      <label className="relative flex-1">
        <span className="sr-only">Search payments</span>
        <Search className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-slate-400" aria-hidden />
        <input
          type="search"
          value={filters.search}
          onChange={(e) => filters.setSearch(e.target.value)}
          placeholder="Search by name, email or payment ID"
          className={`${selectClass} w-full pl-9`}
        />
      </label>
      <label className="flex items-center gap-2 text-sm text-slate-600 dark:text-slate-400">
        Status
        <select value={filters.status} onChange={(e) => filters.setStatus(e.target.value as TStatusFilter)} className={selectClass}>
          <option value="all">All</option>
          <option value="completed">Completed</option>
          <option value="cancelled">Cancelled</option>
        </select>
      </label>
      <label className="flex items-center gap-2 text-sm text-slate-600 dark:text-slate-400">
        Plan
        <select value={filters.plan} onChange={(e) => filters.setPlan(e.target.value as TPlanFilter)} className={selectClass}>
          <option value="all">All</option>
          <option value="Pro Plan">Pro Plan</option>
          <option value="Basic Plan">Basic Plan</option>
        </select>
      </label>
      {filters.active && (
        <Button variant="ghost" size="sm" onClick={filters.clear}>
          <X className="size-4" aria-hidden />
          Clear Filters
        </Button>
      )}
    </div>
  );
}
