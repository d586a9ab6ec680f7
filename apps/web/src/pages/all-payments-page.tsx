import { Wallet } from "lucide-react";
import { ComingSoon } from "../components/coming-soon";

/** /allpayments, admin only (placeholder until payments ship). */
export function AllPaymentsPage() {
  return (
    <ComingSoon title="All Payments" icon={Wallet} back={{ to: "/profile", label: "Back to Profile" }}>
      Revenue, transactions and success rate across all users will appear here.
    </ComingSoon>
  );
}
