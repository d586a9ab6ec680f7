import { CreditCard } from "lucide-react";
import { plans } from "@coderoom/shared/constants/plans";
import { ComingSoon } from "../components/coming-soon";

/** /subscribe-basic (placeholder until payments ship). */
export function SubscribeBasicPage() {
  return (
    <ComingSoon title={`Subscribe to ${plans.basic.name}`} icon={CreditCard}>
      Checkout for the {plans.basic.name} plan (₹{plans.basic.price} per month) is almost ready. Until then you can keep
      coding on the Free plan.
    </ComingSoon>
  );
}
