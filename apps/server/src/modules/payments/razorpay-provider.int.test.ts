import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loggedInUser } from "../../../test/factories";
import { createTestApp, type TestContext } from "../../../test/test-app";
import { startFakeRazorpay, type FakeRazorpay } from "../../../test/fake-razorpay";
import { postWebhook, subscriptionOf } from "../../../test/payment-test-helpers";
import { subscriptionPaymentSignature } from "./signatures";
import { webhookEvent } from "./webhook-event";

// The Razorpay provider through the real SDK, against a local fake of Razorpay's API.
const razorpayEnv = (url: string) => ({
  RAZORPAY_KEY_ID: "rzp_test_key",
  RAZORPAY_KEY_SECRET: "key-secret-0123456789",
  RAZORPAY_WEBHOOK_SECRET: "webhook-secret-0123456789",
  RAZORPAY_PLAN_ID_BASIC: "plan_basic",
  RAZORPAY_PLAN_ID_PRO: "plan_pro",
  RAZORPAY_API_URL: url,
});

let fake: FakeRazorpay;
let ctx: TestContext;
beforeAll(async () => {
  fake = await startFakeRazorpay();
  ctx = await createTestApp(razorpayEnv(fake.url));
});
afterAll(async () => {
  await ctx.close();
  await fake.close();
});

describe("Razorpay provider", () => {
  it("is active when configured: answers the key id, mode razorpay, and no test checkout", async () => {
    const { agent } = await loggedInUser(ctx);
    expect((await agent.get("/payments/apikey")).body.data).toEqual({ key: "rzp_test_key", mode: "razorpay" });
    expect((await agent.post("/payments/test-checkout/pay", { subscription_id: "sub_x" })).status).toBe(404);
  });

  it("creates the subscription with the plan id and notes {userId, plan}, authenticated with the key", async () => {
    const { user, agent } = await loggedInUser(ctx);
    const res = await agent.get("/payments/buy/pro");
    expect(res.status).toBe(200);
    expect(res.body.data.id).toMatch(/^sub_fake\d+$/);
    const call = fake.calls.at(-1)!;
    expect(call).toMatchObject({ method: "POST", path: "/v1/subscriptions" });
    expect(call.body).toMatchObject({ plan_id: "plan_pro", notes: { userId: user.id, plan: "pro" } });
    expect(call.auth).toBe(`Basic ${Buffer.from("rzp_test_key:key-secret-0123456789").toString("base64")}`);
  });

  it("verifies with HMAC(key_secret, payment_id|subscription_id), then cancels at cycle end at Razorpay", async () => {
    const { agent } = await loggedInUser(ctx);
    const sub = (await agent.get("/payments/buy/basic")).body.data.id;
    const payment = "pay_rz1";
    const forged = subscriptionPaymentSignature("wrong-secret", payment, sub);
    expect((await agent.post("/payments/verify", { razorpay_payment_id: payment, razorpay_subscription_id: sub, razorpay_signature: forged })).status).toBe(400);
    const signature = subscriptionPaymentSignature("key-secret-0123456789", payment, sub);
    const ok = await agent.post("/payments/verify", { razorpay_payment_id: payment, razorpay_subscription_id: sub, razorpay_signature: signature, amount: 499, plan: "basic" });
    expect(ok.status).toBe(200);
    expect((await subscriptionOf(agent)).plan).toBe("basic");
    expect((await agent.get("/payments/cancel")).status).toBe(200);
    expect(fake.calls.at(-1)).toMatchObject({ method: "POST", path: `/v1/subscriptions/${sub}/cancel`, body: { cancel_at_cycle_end: 1 } });
  });

  it("checks webhooks with RAZORPAY_WEBHOOK_SECRET", async () => {
    const { agent } = await loggedInUser(ctx);
    const sub = (await agent.get("/payments/buy/basic")).body.data.id;
    const event = webhookEvent("subscription.charged", { subscription: { id: sub }, payment: { id: "pay_rzwh" } });
    expect((await postWebhook(ctx, event, { eventId: "evt_rz_1", secret: "not-the-webhook-secret" })).status).toBe(400);
    expect((await postWebhook(ctx, event, { eventId: "evt_rz_1", secret: "webhook-secret-0123456789" })).status).toBe(200);
    expect((await subscriptionOf(agent)).plan).toBe("basic");
  });
});

describe("Razorpay unreachable", () => {
  let down: TestContext;
  beforeAll(async () => {
    // A port that was just freed: connections are refused.
    const server = http.createServer();
    await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
    const { port } = server.address() as AddressInfo;
    await new Promise<void>((r) => server.close(() => r()));
    down = await createTestApp(razorpayEnv(`http://127.0.0.1:${port}`));
  });
  afterAll(() => down.close());

  it("buy answers a clear 502 and records nothing; the next try creates afresh", async () => {
    const { agent } = await loggedInUser(down);
    const res = await agent.get("/payments/buy/pro");
    expect(res.status).toBe(502);
    expect(res.body).toMatchObject({ success: false, code: "payment_provider_unavailable" });
    expect(res.body.message).toMatch(/could not be reached/);
    expect((await agent.get("/payments/history")).body.data).toEqual([]);
    expect((await subscriptionOf(agent)).status).toBe("inactive");
  });
});

describe("Content-Security-Policy", () => {
  it("allows Razorpay's checkout host only when the Razorpay provider is active", async () => {
    const csp = (await ctx.app.inject({ method: "GET", url: "/healthz" })).headers["content-security-policy"] as string;
    expect(csp).toContain("https://checkout.razorpay.com");
    const testMode = await createTestApp();
    try {
      const plain = (await testMode.app.inject({ method: "GET", url: "/healthz" })).headers["content-security-policy"] as string;
      expect(plain).not.toContain("razorpay");
    } finally {
      await testMode.close();
    }
  });
});
