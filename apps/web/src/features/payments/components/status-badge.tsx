import { Badge } from "../../../components/ui/card.tsx";
import { displayPlan, displayStatus } from "./payment-display";

/** Completed in green; anything else shows as cancelled (spec §4). */
export function PaymentStatusBadge({ status }: { status: string }) {
  const shown = displayStatus(status);
  return <Badge tone={shown === "completed" ? "green" : "red"}>{shown}</Badge>;
}

/** The plan, derived from the amount (spec §4). */
export function PaymentPlanBadge({ amount }: { amount: number }) {
  const label = displayPlan(amount);
  return <Badge tone={label === "Pro Plan" ? "amber" : label === "Basic Plan" ? "indigo" : "slate"}>{label}</Badge>;
}
