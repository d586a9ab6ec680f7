import { expect } from "vitest";
import type { TPaidPlanId } from "@coderoom/shared/constants/plans";
import type { Agent } from "./agent";
import type { TestContext } from "./test-app";
import { hmacHex } from "../src/modules/payments/signatures";
import type { TestProvider } from "../src/modules/payments/test-provider";
import { webhookEvent } from "../src/modules/payments/webhook-event";

/** Test mode's signing secret of the app under test (made for its DATA_DIR). */
export const testSecret = (ctx: TestContext) => ctx.app.payments.webhookSecret;

/** Test mode's checkout of the app under test. */
export const testCheckout = (ctx: TestContext) => (ctx.app.payments as TestProvider).checkout;

/** Buy -> Test mode Pay -> verify, as the web app does; waits for the emitted webhooks too. */
export async function purchase(ctx: TestContext, agent: Agent, plan: TPaidPlanId) {
  const bought = await agent.get(`/payments/buy/${plan}`);
  expect(bought.status, JSON.stringify(bought.body)).toBe(200);
  const subscriptionId = bought.body.data.id as string;
  const paid = await agent.post("/payments/test-checkout/pay", { subscription_id: subscriptionId });
  expect(paid.status).toBe(200);
  const verify = await agent.post("/payments/verify", { ...paid.body.data, amount: plan === "pro" ? 999 : 499, plan });
  await testCheckout(ctx).settled();
  return { subscriptionId, payment: paid.body.data as Record<string, string>, verify };
}

/** The user object's subscription, as the profile answers it. */
export async function subscriptionOf(agent: Agent) {
  const res = await agent.get("/users/profile");
  return res.body.data.subscription as { id: string | null; status: string; plan: string | null; expiresOn: string | null };
}

/** Posts a webhook to our endpoint, signed with `secret` (the provider's webhook secret by default). */
export async function postWebhook(
  ctx: TestContext,
  event: ReturnType<typeof webhookEvent>,
  opts: { eventId?: string; secret?: string; signature?: string } = {},
) {
  const raw = JSON.stringify(event);
  const secret = opts.secret ?? testSecret(ctx);
  const headers: Record<string, string> = {
    "content-type": "application/json",
    "x-razorpay-signature": opts.signature ?? hmacHex(secret, raw),
  };
  if (opts.eventId) headers["x-razorpay-event-id"] = opts.eventId;
  const res = await ctx.app.inject({ method: "POST", url: "/api/v1/payments/webhook", payload: raw, headers });
  return { status: res.statusCode, body: res.json() };
}
