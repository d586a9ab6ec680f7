import Razorpay from "razorpay";
import type { Config } from "../../config";
import { providerUnavailable, type PaymentProvider } from "./provider";

// Razorpay needs a finite cycle count; ten years of monthly charges is "until cancelled".
const TOTAL_CYCLES = 120;

/** The Razorpay provider, through the official SDK (its host comes from RAZORPAY_API_URL). */
export function createRazorpayProvider(config: Config): PaymentProvider {
  const keyId = config.RAZORPAY_KEY_ID!;
  const keySecret = config.RAZORPAY_KEY_SECRET!;
  const rz = new Razorpay({ key_id: keyId, key_secret: keySecret });
  // The SDK hard-codes its host; its axios instance is the only place to change it.
  const rq = (rz as unknown as { api: { rq: { defaults: { baseURL?: string; timeout?: number } } } }).api.rq;
  rq.defaults.baseURL = config.RAZORPAY_API_URL;
  rq.defaults.timeout = 15_000;
  const planIds = { basic: config.RAZORPAY_PLAN_ID_BASIC!, pro: config.RAZORPAY_PLAN_ID_PRO! };

  // A network failure surfaces as a TypeError inside the SDK, an API error as {statusCode, error}.
  async function call<T>(fn: () => Promise<T>): Promise<T> {
    try {
      return await fn();
    } catch {
      throw providerUnavailable();
    }
  }

  return {
    mode: "razorpay",
    keyId,
    keySecret,
    webhookSecret: config.RAZORPAY_WEBHOOK_SECRET!,
    async createSubscription({ plan, userId }) {
      const sub = await call(() =>
        rz.subscriptions.create({ plan_id: planIds[plan], total_count: TOTAL_CYCLES, customer_notify: 1, notes: { userId, plan } }),
      );
      if (!sub || typeof sub.id !== "string") throw providerUnavailable();
      return { id: sub.id };
    },
    async cancelSubscription(id, atCycleEnd) {
      await call(() => rz.subscriptions.cancel(id, atCycleEnd));
    },
  };
}
