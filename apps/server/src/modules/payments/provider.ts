import type { TPaidPlanId } from "@coderoom/shared/constants/plans";
import { paymentMessages } from "@coderoom/shared/messages";
import type { Config } from "../../config";
import { AppError } from "../../http/errors";
import { createRazorpayProvider } from "./razorpay-provider";
import { createTestProvider, type WebhookSink } from "./test-provider";

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

/** True when every Razorpay setting is present. */
export function razorpayConfigured(config: Config): boolean {
  return Boolean(
    config.RAZORPAY_KEY_ID &&
      config.RAZORPAY_KEY_SECRET &&
      config.RAZORPAY_WEBHOOK_SECRET &&
      config.RAZORPAY_PLAN_ID_BASIC &&
      config.RAZORPAY_PLAN_ID_PRO,
  );
}

/** Razorpay when fully configured, else Test mode (whose webhooks go to `sink`). */
export function createPaymentProvider(config: Config, sink: WebhookSink): PaymentProvider {
  return razorpayConfigured(config) ? createRazorpayProvider(config) : createTestProvider(config, sink);
}
