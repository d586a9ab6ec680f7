import type { TPaidPlanId } from "@coderoom/shared/constants/plans";
import { paymentMessages } from "@coderoom/shared/messages";
import { AppError } from "../../http/errors";

/** What we ask of a payment provider; Razorpay and Test mode answer the same way. */
export interface PaymentProvider {
  mode: "razorpay" | "test";
  /** The public key the checkout is opened with. */
  keyId: string;
  /** Signs checkout results: hex(HMAC_SHA256(secret, payment_id|subscription_id)). */
  keySecret: string;
  /** Signs webhook bodies (X-Razorpay-Signature). */
  webhookSecret: string;
  /** Creates a monthly subscription at the provider; notes carry our user id and plan. */
  createSubscription(input: { plan: TPaidPlanId; userId: string }): Promise<{ id: string }>;
  /** Cancels now, or at the end of the current cycle. */
  cancelSubscription(id: string, atCycleEnd: boolean): Promise<void>;
}

/** The error every provider failure becomes: clear to the user, nothing recorded. */
export const providerUnavailable = () => new AppError(502, "payment_provider_unavailable", paymentMessages.providerUnavailable);
