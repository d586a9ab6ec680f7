import { Receipt } from "lucide-react";
import { ComingSoon } from "../components/coming-soon";

/** /purchasehistory (placeholder until payments ship). */
export function PurchaseHistoryPage() {
  return (
    <ComingSoon title="My Purchases" icon={Receipt}>
      Your subscription payments will be listed here with their payment and subscription IDs.
    </ComingSoon>
  );
}
