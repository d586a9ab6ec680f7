import type { Config } from "../../config";
import type { PaymentProvider } from "./provider";
import { createRazorpayProvider } from "./razorpay-provider";
import { createTestProvider, type WebhookSink } from "./test-provider";

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
