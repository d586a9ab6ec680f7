import { useState } from "react";
import { FlaskConical } from "lucide-react";
import toast from "react-hot-toast";
import { plans } from "@coderoom/shared/constants/plans";
import { paymentMessages } from "@coderoom/shared/messages";
import { Button } from "../../../components/ui/button.tsx";
import { Modal } from "../../../components/ui/modal.tsx";
import { testCheckoutDecline, testCheckoutPay } from "../api/payments-api";
import type { PendingTestCheckout } from "../hooks/use-purchase";
import { inr } from "./payment-display";

/**
 * Test mode's checkout, in place of Razorpay's: Pay makes a signed test payment that
 * goes through the same verify path; Decline reports a failed payment. No money moves.
 */
export function TestCheckoutDialog({ checkout }: { checkout: PendingTestCheckout | null }) {
  const [busy, setBusy] = useState(false);
  if (!checkout) return null;
  const plan = plans[checkout.plan];

  const pay = async () => {
    setBusy(true);
    try {
      checkout.settle(await testCheckoutPay(checkout.subscriptionId));
    } catch {
      checkout.settle(null);
    } finally {
      setBusy(false);
    }
  };
  const decline = async () => {
    setBusy(true);
    try {
      await testCheckoutDecline(checkout.subscriptionId);
      toast.error(paymentMessages.declined);
    } catch {
      // The http client showed the reason.
    } finally {
      setBusy(false);
      checkout.settle(null);
    }
  };

  return (
    <Modal open title="Test mode checkout" onClose={() => !busy && checkout.settle(null)}>
      <div className="flex gap-3 rounded-lg bg-amber-50 p-3 text-sm text-amber-900 dark:bg-amber-500/10 dark:text-amber-100">
        <FlaskConical className="size-5 shrink-0" aria-hidden />
        <p>
          <strong>Test mode.</strong> No real payment provider is configured, so no money moves. Pay and Decline act like
          a card being accepted or refused.
        </p>
      </div>
      <p className="mt-5 text-sm text-slate-700 dark:text-slate-300">
        CodeRoom {plan.name} plan: <strong>{inr(plan.price)}</strong> per month
      </p>
      <p className="mt-1 text-xs break-all text-slate-500 dark:text-slate-400">Subscription {checkout.subscriptionId}</p>
      <div className="mt-6 flex justify-end gap-3">
        <Button variant="outline" onClick={decline} disabled={busy}>
          Decline
        </Button>
        <Button onClick={pay} loading={busy} data-autofocus>
          Pay {inr(plan.price)}
        </Button>
      </div>
    </Modal>
  );
}
