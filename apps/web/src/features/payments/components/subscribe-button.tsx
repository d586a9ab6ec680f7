import { Link } from "react-router";
import { Info } from "lucide-react";
import type { TPaidPlanId } from "@coderoom/shared/constants/plans";
import { paymentMessages } from "@coderoom/shared/messages";
import { Button, buttonClasses } from "../../../components/ui/button.tsx";
import { useAuth } from "../../../lib/auth-store";
import { usePurchase } from "../hooks/use-purchase";
import { TestCheckoutDialog } from "./test-checkout-dialog.tsx";

/**
 * The purchase button of a subscribe page. Guests are told they cannot subscribe (the
 * server refuses them too) and admins that they already have everything.
 */
export function SubscribeButton({ plan, label }: { plan: TPaidPlanId; label: string }) {
  const { data: user } = useAuth();
  const { start, busy, testCheckout } = usePurchase(plan);
  if (user?.role === "GUEST" || user?.role === "ADMIN") {
    return (
      <div className="flex flex-col items-center gap-3 rounded-xl bg-slate-100 p-4 text-sm text-slate-700 sm:flex-row dark:bg-slate-800 dark:text-slate-300">
        <Info className="size-5 shrink-0" aria-hidden />
        <p className="flex-1">{user.role === "GUEST" ? paymentMessages.guestCannotBuy : paymentMessages.adminHasAll}</p>
        {user.role === "GUEST" && (
          <Link to="/create-account" className={buttonClasses("primary", "sm")}>
            Create an account
          </Link>
        )}
      </div>
    );
  }
  return (
    <>
      <Button size="lg" className="w-full sm:w-auto" onClick={() => void start()} loading={busy}>
        {label}
      </Button>
      <TestCheckoutDialog checkout={testCheckout} />
    </>
  );
}
