import { ChevronLeft, ChevronRight } from "lucide-react";
import { Button } from "../../../components/ui/button.tsx";

export interface PaginationProps {
  start: number;
  limit: number;
  total: number;
  /** Rows on this page left after the filters (equals the page size when none is active). */
  shown: number;
  filtered: boolean;
  loading: boolean;
  onPage: (start: number) => void;
}

/**
 * Spec §4 paging: start moves by limit; Previous is disabled at start 0 and while
 * loading, Next on the last page and while loading.
 */
export function PaymentsPagination({ start, limit, total, shown, filtered, loading, onPage }: PaginationProps) {
  const pages = Math.max(1, Math.ceil(total / limit));
  const page = Math.floor(start / limit) + 1;
  const last = start + limit >= total;
  const from = total === 0 ? 0 : start + 1;
  const to = Math.min(start + limit, total);
  return (
    <nav aria-label="Pagination" className="flex flex-col items-center justify-between gap-3 sm:flex-row">
      <p className="text-sm text-slate-600 dark:text-slate-400">
        Showing {from}-{to} of {total} payments{filtered ? ` (${shown} match the filters)` : ""}
      </p>
      <div className="flex items-center gap-3">
        <Button variant="outline" size="sm" disabled={start === 0 || loading} onClick={() => onPage(Math.max(0, start - limit))}>
          <ChevronLeft className="size-4" aria-hidden />
          Previous
        </Button>
        <span className="text-sm text-slate-700 dark:text-slate-300">
          Page {page} of {pages}
        </span>
        <Button variant="outline" size="sm" disabled={last || loading} onClick={() => onPage(start + limit)}>
          Next
          <ChevronRight className="size-4" aria-hidden />
        </Button>
      </div>
    </nav>
  );
}
