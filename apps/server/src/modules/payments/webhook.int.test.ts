import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { loggedInUser } from "../../../test/factories";
import { createTestApp, type TestContext } from "../../../test/test-app";
import { postWebhook, subscriptionOf, testSecret } from "../../../test/payment-test-helpers";
import { webhookEvent } from "./webhook-event";

// POST /payments/webhook: signature over the raw body, de-duplication, any order of events.
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
beforeEach(() => ctx.clock.set("2026-05-01T00:00:00Z"));
afterAll(() => ctx.close());

let n = 0;
const uid = (p: string) => `${p}_wh${(n += 1)}${Date.now()}`;

async function pendingBasic() {
  const { agent } = await loggedInUser(ctx);
  const sub = (await agent.get("/payments/buy/basic")).body.data.id as string;
  return { agent, sub };
}
const charged = (sub: string, paymentId: string) =>
  webhookEvent("subscription.charged", { subscription: { id: sub, status: "active" }, payment: { id: paymentId, amount: 1, status: "captured" } });

describe("POST /payments/webhook", () => {
  it("refuses a bad signature (400) and changes nothing", async () => {
    const { agent, sub } = await pendingBasic();
    const bad = await postWebhook(ctx, charged(sub, uid("pay")), { secret: "not-the-secret-at-all" });
    expect(bad.status).toBe(400);
    expect(bad.body.code).toBe("webhook_signature_invalid");
    const missing = await postWebhook(ctx, charged(sub, uid("pay")), { signature: "" });
    expect(missing.status).toBe(400);
    expect((await subscriptionOf(agent)).status).toBe("inactive");
  });

  it("verifies the raw bytes: the same JSON re-serialised with other spacing fails", async () => {
    const { sub } = await pendingBasic();
    const event = charged(sub, uid("pay"));
    const { hmacHex } = await import("./signatures");
    const signature = hmacHex(testSecret(ctx), JSON.stringify(event));
    const res = await ctx.app.inject({
      method: "POST",
      url: "/api/v1/payments/webhook",
      payload: JSON.stringify(event, null, 2),
      headers: { "content-type": "application/json", "x-razorpay-signature": signature },
    });
    expect(res.statusCode).toBe(400);
  });

  it("a charge grants the plan, with the amount from our plan table (not the event's)", async () => {
    const { agent, sub } = await pendingBasic();
    const res = await postWebhook(ctx, charged(sub, uid("pay")), { eventId: uid("evt") });
    expect(res.status).toBe(200);
    expect(res.body.data.outcome).toBe("handled");
    expect((await subscriptionOf(agent)).plan).toBe("basic");
    expect((await agent.get("/payments/history")).body.data[0].amount).toBe(499);
  });

  it("de-duplicates on the event id", async () => {
    const { agent, sub } = await pendingBasic();
    const eventId = uid("evt");
    await postWebhook(ctx, charged(sub, uid("pay")), { eventId });
    const expires = (await subscriptionOf(agent)).expiresOn;
    // Same event id, even with another payment inside: not applied twice.
    const again = await postWebhook(ctx, charged(sub, uid("pay")), { eventId });
    expect(again.status).toBe(200);
    expect(again.body.data.outcome).toBe("duplicate");
    expect((await subscriptionOf(agent)).expiresOn).toBe(expires);
    expect((await agent.get("/payments/history")).body.data).toHaveLength(1);
  });

  it("counts a payment once even when delivered under two event ids", async () => {
    const { agent, sub } = await pendingBasic();
    const paymentId = uid("pay");
    await postWebhook(ctx, charged(sub, paymentId), { eventId: uid("evt") });
    await postWebhook(ctx, charged(sub, paymentId), { eventId: uid("evt") });
    expect((await agent.get("/payments/history")).body.data).toHaveLength(1);
    expect((await subscriptionOf(agent)).expiresOn).toBe("2026-06-01T00:00:00.000Z");
  });

  it("out of order: cancelled before charged still grants the paid month, and never renews", async () => {
    const { agent, sub } = await pendingBasic();
    await postWebhook(ctx, webhookEvent("subscription.cancelled", { subscription: { id: sub } }), { eventId: uid("evt") });
    await postWebhook(ctx, charged(sub, uid("pay")), { eventId: uid("evt") });
    await postWebhook(ctx, webhookEvent("subscription.activated", { subscription: { id: sub } }), { eventId: uid("evt") });
    expect(await subscriptionOf(agent)).toMatchObject({ plan: "basic", status: "cancelled", expiresOn: "2026-06-01T00:00:00.000Z" });
  });

  it("out of order: a failure after the success leaves the payment completed; success after failure fixes it", async () => {
    const { agent, sub } = await pendingBasic();
    const a = uid("pay");
    await postWebhook(ctx, charged(sub, a), { eventId: uid("evt") });
    await postWebhook(ctx, webhookEvent("payment.failed", { payment: { id: a, subscription_id: sub } }), { eventId: uid("evt") });
    const b = uid("pay");
    await postWebhook(ctx, webhookEvent("payment.failed", { payment: { id: b, subscription_id: sub } }), { eventId: uid("evt") });
    await postWebhook(ctx, charged(sub, b), { eventId: uid("evt") });
    const history = (await agent.get("/payments/history")).body.data as { razorpay_payment_id: string; status: string }[];
    expect(Object.fromEntries(history.map((p) => [p.razorpay_payment_id, p.status]))).toEqual({ [a]: "completed", [b]: "completed" });
    // Two charges: two months.
    expect((await subscriptionOf(agent)).expiresOn).toBe("2026-07-01T00:00:00.000Z");
  });

  it("halted and completed end renewal but keep the time paid for", async () => {
    for (const event of ["subscription.halted", "subscription.completed"] as const) {
      const { agent, sub } = await pendingBasic();
      await postWebhook(ctx, charged(sub, uid("pay")), { eventId: uid("evt") });
      await postWebhook(ctx, webhookEvent(event, { subscription: { id: sub } }), { eventId: uid("evt") });
      expect(await subscriptionOf(agent), event).toMatchObject({ plan: "basic", status: "cancelled" });
      expect((await agent.get("/payments/cancel")).status).toBe(400);
    }
  });

  it("ignores events for subscriptions it never created, and unknown events", async () => {
    expect((await postWebhook(ctx, charged("sub_unknown", uid("pay")), { eventId: uid("evt") })).body.data.outcome).toBe("ignored");
    const other = { ...webhookEvent("subscription.activated", { subscription: { id: "x" } }), event: "order.paid" };
    expect((await postWebhook(ctx, other)).body.data.outcome).toBe("ignored");
  });

  it("refuses a body that is not JSON even when signed", async () => {
    const { hmacHex } = await import("./signatures");
    const raw = "not json";
    const res = await ctx.app.inject({
      method: "POST",
      url: "/api/v1/payments/webhook",
      payload: raw,
      headers: { "content-type": "application/json", "x-razorpay-signature": hmacHex(testSecret(ctx), raw) },
    });
    expect(res.statusCode).toBe(400);
  });
});
