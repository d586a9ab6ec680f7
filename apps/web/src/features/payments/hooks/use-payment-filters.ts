import { useMemo, useState } from "react";
import type { TAdminPayment } from "@coderoom/shared/schemas/payments";
import { displayPlan, displayStatus } from "../components/payment-display";

export type TStatusFilter = "all" | "completed" | "cancelled";
export type TPlanFilter = "all" | "Pro Plan" | "Basic Plan";

/** Spec §2 analytics filters over the page shown: search (name, e-mail, payment id), status and plan. */
export function filterPayments(rows: TAdminPayment[], f: { search: string; status: TStatusFilter; plan: TPlanFilter }): TAdminPayment[] {
  const q = f.search.trim().toLowerCase();
  return rows.filter((p) => {
    if (f.status !== "all" && displayStatus(p.status) !== f.status) return false;
    if (f.plan !== "all" && displayPlan(p.amount) !== f.plan) return false;
    if (!q) return true;
    return [p.purchasedBy.fullName, p.purchasedBy.email, p.razorpay_payment_id].some((v) => v?.toLowerCase().includes(q));
  });
}

/** Filter state for /allpayments; `active` drives the Clear Filters button. */
export function usePaymentFilters(rows: TAdminPayment[]) {
  const [search, setSearch] = useState("");
  const [status, setStatus] = useState<TStatusFilter>("all");
  const [plan, setPlan] = useState<TPlanFilter>("all");
  const filtered = useMemo(() => filterPayments(rows, { search, status, plan }), [rows, search, status, plan]);
  const active = search.trim() !== "" || status !== "all" || plan !== "all";
  const clear = () => {
    setSearch("");
    setStatus("all");
    setPlan("all");
  };
  return { search, setSearch, status, setStatus, plan, setPlan, filtered, active, clear };
}
