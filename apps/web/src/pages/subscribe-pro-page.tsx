import { Crown } from "lucide-react";
import { plans } from "@coderoom/shared/constants/plans";
import { ComingSoon } from "../components/coming-soon";

/** /subscribe-pro (placeholder until payments ship). */
export function SubscribeProPage() {
  return (
    <ComingSoon title={`Subscribe to ${plans.pro.name}`} icon={Crown}>
      Checkout for the {plans.pro.name} plan (₹{plans.pro.price} per month) is almost ready. Until then you can keep
      coding on the Free plan.
    </ComingSoon>
  );
}
