import { useCallback, useRef, useState } from "react";
import { useNavigate } from "react-router";
import { useQueryClient } from "@tanstack/react-query";
import toast from "react-hot-toast";
import { plans, type TPaidPlanId } from "@coderoom/shared/constants/plans";
import { paymentMessages, toastMessages } from "@coderoom/shared/messages";
import type { TCheckoutSuccess } from "@coderoom/shared/schemas/payments";
import { refreshProfile } from "../../../lib/account";
import { useAuth } from "../../../lib/auth-store";
import { buyPlan, getPaymentKey, paymentKeys, verifyPayment } from "../api/payments-api";
import { openRazorpayCheckout } from "../components/razorpay-checkout";

/** The Test mode checkout waiting for the user's Pay or Decline. */
export interface PendingTestCheckout {
  subscriptionId: string;
  plan: TPaidPlanId;
  /** Called with the signed result after Pay, or null after Decline/close. */
  settle: (result: TCheckoutSuccess | null) => void;
}

/**
 * The purchase flow of spec §4: key -> subscription id -> checkout (Razorpay's, or our
 * Test mode dialog) -> verify -> profile refresh -> /profile. While it runs, repeat
 * clicks are ignored; a missing key or id shows "Something went wrong" and re-enables the button.
 */
export function usePurchase(plan: TPaidPlanId) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { data: user } = useAuth();
  const running = useRef(false);
  const [busy, setBusy] = useState(false);
  const [testCheckout, setTestCheckout] = useState<PendingTestCheckout | null>(null);

  const start = useCallback(async () => {
    if (running.current || !user) return;
    running.current = true;
    setBusy(true);
    const loadingId = toast.loading("Starting checkout...");
    try {
      // A failed call has already shown the server's reason; an empty answer gets the spec's message.
      let failed = false;
      const fail = () => ((failed = true), null);
      const key = await getPaymentKey().catch(fail);
      const subscriptionId = key ? await buyPlan(plan).catch(fail) : null;
      toast.dismiss(loadingId);
      if (!key || !subscriptionId) {
        if (!failed) toast.error(toastMessages.somethingWrong);
        return;
      }
      const result =
        key.mode === "razorpay"
          ? await openRazorpayCheckout({ key: key.key, subscriptionId, description: `${plans[plan].name} plan`, user })
          : await new Promise<TCheckoutSuccess | null>((settle) => setTestCheckout({ subscriptionId, plan, settle }));
      setTestCheckout(null);
      if (!result) return;
      const verified = await verifyPayment(result, plan, plans[plan].price).catch(() => false);
      if (!verified) return;
      await refreshProfile({ quiet: true });
      await queryClient.invalidateQueries({ queryKey: paymentKeys.history });
      await navigate("/profile");
      // Shown on arrival (a 2-second toast raised at verify could end before the page changed), and
      // always this text: Test mode's own webhook may record the payment first ("already verified").
      toast.success(paymentMessages.verified);
    } catch (err) {
      toast.dismiss(loadingId);
      toast.error((err as Error).message || toastMessages.somethingWrong);
    } finally {
      running.current = false;
      setBusy(false);
    }
  }, [navigate, plan, queryClient, user]);

  return { start, busy, testCheckout };
}
