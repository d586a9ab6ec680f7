import { planLabelForAmount } from "@coderoom/shared/constants/plans";

/** Spec §4: any status other than completed shows as cancelled. */
export const displayStatus = (status: string): "completed" | "cancelled" => (status === "completed" ? "completed" : "cancelled");

/** Spec §4: the plan follows the amount (999 Pro Plan, 499 Basic Plan, else Custom Plan). */
export const displayPlan = planLabelForAmount;

/** Payment dates: dd MMM yyyy in India time (spec §9), e.g. "05 Mar 2026". */
export function paymentDate(iso: string): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return "N/A";
  return d.toLocaleDateString("en-GB", { day: "2-digit", month: "short", year: "numeric", timeZone: "Asia/Kolkata" });
}

/** Rupees, e.g. "₹1,498". */
export const inr = (n: number) => `₹${n.toLocaleString("en-IN", { maximumFractionDigits: 2 })}`;
