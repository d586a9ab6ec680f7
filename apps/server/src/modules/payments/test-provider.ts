import { randomBytes } from "node:crypto";
import { plans, type TPaidPlanId } from "@coderoom/shared/constants/plans";
import type { Config } from "../../config";
import type { PaymentProvider } from "./provider";
import { hmacHex, subscriptionPaymentSignature } from "./signatures";
import { testModeSecret } from "./test-mode-secret";
import { webhookEvent, type TWebhookEvent } from "./webhook-event";

/** Delivers one signed webhook to our own endpoint (the raw body and Razorpay's headers). */
export type WebhookSink = (rawBody: string, headers: Record<string, string>) => Promise<void>;

const TEST_KEY_ID = "rzp_test_coderoom";
const newId = (prefix: string) => `${prefix}_test${randomBytes(9).toString("base64url")}`;

/** Test mode's own checkout: what the Pay and Decline buttons ask the provider to do. */
export interface TestCheckout {
  /** Charges the subscription: returns the checkout's signed success result and emits activated + charged. */
  pay(sub: { id: string; plan: TPaidPlanId; userId: string }): { razorpay_payment_id: string; razorpay_subscription_id: string; razorpay_signature: string };
  /** Declines the payment: emits payment.failed, like a refused card. */
  decline(sub: { id: string; plan: TPaidPlanId; userId: string }): void;
  /** Resolves once every webhook emitted so far has been handled (tests wait on it). */
  settled(): Promise<void>;
}

export type TestProvider = PaymentProvider & { checkout: TestCheckout };

/**
 * Test mode: same ids, states and signature scheme as Razorpay, signed with a local
 * secret, and the same webhook events delivered to our own endpoint. No money moves.
 */
export function createTestProvider(config: Config, sink: WebhookSink): TestProvider {
  const secret = testModeSecret(config);
  const inFlight = new Set<Promise<void>>();

  function emit(event: TWebhookEvent): void {
    const raw = JSON.stringify(event);
    const headers = {
      "content-type": "application/json",
      "x-razorpay-signature": hmacHex(secret, raw),
      "x-razorpay-event-id": newId("evt"),
    };
    // Like Razorpay, delivery is asynchronous: the checkout answer does not wait for it.
    const delivery = new Promise<void>((resolve) => setImmediate(resolve))
      .then(() => sink(raw, headers))
      .catch(() => undefined)
      .finally(() => inFlight.delete(delivery));
    inFlight.add(delivery);
  }

  const subscriptionEntity = (sub: { id: string; plan: TPaidPlanId; userId: string }, status: string) => ({
    id: sub.id,
    status,
    notes: { userId: sub.userId, plan: sub.plan },
  });

  return {
    mode: "test",
    keyId: TEST_KEY_ID,
    keySecret: secret,
    webhookSecret: secret,
    async createSubscription() {
      return { id: newId("sub") };
    },
    async cancelSubscription(id, atCycleEnd) {
      // Razorpay reports a cycle-end cancellation only when the cycle ends; an immediate one at once.
      if (!atCycleEnd) emit(webhookEvent("subscription.cancelled", { subscription: { id, status: "cancelled" } }));
    },
    checkout: {
      pay(sub) {
        const paymentId = newId("pay");
        const payment = { id: paymentId, amount: plans[sub.plan].price * 100, currency: "INR", status: "captured" };
        emit(webhookEvent("subscription.activated", { subscription: subscriptionEntity(sub, "active") }));
        emit(webhookEvent("subscription.charged", { subscription: subscriptionEntity(sub, "active"), payment }));
        return {
          razorpay_payment_id: paymentId,
          razorpay_subscription_id: sub.id,
          razorpay_signature: subscriptionPaymentSignature(secret, paymentId, sub.id),
        };
      },
      decline(sub) {
        const payment = { id: newId("pay"), amount: plans[sub.plan].price * 100, currency: "INR", status: "failed", subscription_id: sub.id };
        emit(webhookEvent("payment.failed", { payment }));
      },
      async settled() {
        while (inFlight.size > 0) await Promise.all([...inFlight]);
      },
    },
  };
}
