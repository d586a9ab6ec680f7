import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { Agent } from "../../../test/agent";
import { agentFor, createUser, loggedInUser } from "../../../test/factories";
import { createTestApp, type TestContext } from "../../../test/test-app";
import { subscriptionPaymentSignature } from "./signatures";
import { purchase, subscriptionOf, testCheckout, testSecret } from "../../../test/payment-test-helpers";

// The purchase flow in Test mode, end to end over HTTP: buy, checkout, verify, webhooks.
let ctx: TestContext;
const START = "2026-03-10T06:00:00Z";
beforeAll(async () => {
  ctx = await createTestApp();
});
beforeEach(() => ctx.clock.set(START));
afterAll(() => ctx.close());

const DAY = 86_400_000;

describe("buying a plan in Test mode", () => {
  it("answers the public key and the mode", async () => {
    const { agent } = await loggedInUser(ctx);
    const res = await agent.get("/payments/apikey");
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({ key: "rzp_test_coderoom", mode: "test" });
  });

  it("needs a session for every payments call (455)", async () => {
    const anon = new Agent(ctx.app);
    for (const [method, url] of [["GET", "/payments/apikey"], ["GET", "/payments/buy/pro"], ["POST", "/payments/verify"], ["GET", "/payments/cancel"], ["GET", "/payments/history"], ["POST", "/payments/all"]] as const) {
      expect((await anon.request(method, url, { payload: {} })).status, url).toBe(455);
    }
  });

  it("buys Basic: profile shows it active for a month, history has the completed payment", async () => {
    const { agent } = await loggedInUser(ctx);
    const { subscriptionId, payment, verify } = await purchase(ctx, agent, "basic");
    expect(verify.status).toBe(200);
    expect(verify.body.success).toBe(true);
    expect(await subscriptionOf(agent)).toEqual({ id: subscriptionId, status: "active", plan: "basic", expiresOn: "2026-04-10T06:00:00.000Z" });
    const history = await agent.get("/payments/history");
    expect(history.body.data).toEqual([
      {
        _id: expect.any(String),
        amount: 499,
        status: "completed",
        createdAt: ctx.clock.now.toISOString(),
        razorpay_payment_id: payment.razorpay_payment_id,
        razorpay_subscription_id: subscriptionId,
      },
    ]);
  });

  it("gives a first Pro subscription 7 free days on top of the month (the trial), once per account", async () => {
    const { user, agent: first } = await loggedInUser(ctx);
    await purchase(ctx, first, "pro");
    expect((await subscriptionOf(first)).expiresOn).toBe("2026-04-17T06:00:00.000Z");
    expect((await first.get("/payments/cancel")).status).toBe(200);
    ctx.clock.advance(40 * DAY);
    // Test sessions last a day: log in again after moving the clock.
    const agent = await agentFor(ctx, user);
    expect(await subscriptionOf(agent)).toMatchObject({ status: "inactive", plan: null });
    await purchase(ctx, agent, "pro");
    const again = await subscriptionOf(agent);
    expect(new Date(again.expiresOn!).getTime() - ctx.clock.now.getTime()).toBeLessThanOrEqual(31 * DAY);
  });

  it("reuses a pending subscription instead of creating another", async () => {
    const { agent } = await loggedInUser(ctx);
    const a = await agent.get("/payments/buy/pro");
    const b = await agent.get("/payments/buy/pro");
    expect(b.body.data.id).toBe(a.body.data.id);
    expect((await agent.get("/payments/buy/basic")).body.data.id).not.toBe(a.body.data.id);
  });

  it("refuses to sell a plan already held (409) and refuses guests (403) and admins (409)", async () => {
    const { agent } = await loggedInUser(ctx);
    await purchase(ctx, agent, "basic");
    const again = await agent.get("/payments/buy/basic");
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ code: "already_subscribed", message: "Already subscribed to Basic plan" });
    const guest = await loggedInUser(ctx, { role: "GUEST" });
    const refused = await guest.agent.get("/payments/buy/pro");
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe("guest_cannot_subscribe");
    const admin = await loggedInUser(ctx, { role: "ADMIN" });
    expect((await admin.agent.get("/payments/buy/pro")).status).toBe(409);
  });

  it("refuses a cross-site buy and an unknown plan", async () => {
    const { agent } = await loggedInUser(ctx);
    expect((await agent.get("/payments/buy/pro", { headers: { "sec-fetch-site": "cross-site" } })).status).toBe(403);
    expect((await agent.get("/payments/buy/gold")).status).toBe(400);
  });

  it("upgrades Basic to Pro at once and retires the Basic subscription", async () => {
    const { agent } = await loggedInUser(ctx);
    const basic = await purchase(ctx, agent, "basic");
    const pro = await purchase(ctx, agent, "pro");
    expect(await subscriptionOf(agent)).toMatchObject({ id: pro.subscriptionId, plan: "pro", status: "active" });
    expect((await agent.get("/payments/buy/basic")).body.data.id).not.toBe(basic.subscriptionId);
  });

  it("downgrades Pro to Basic at the end of the Pro cycle", async () => {
    const { user, agent } = await loggedInUser(ctx);
    await purchase(ctx, agent, "pro");
    const proEnds = (await subscriptionOf(agent)).expiresOn!;
    const basic = await purchase(ctx, agent, "basic");
    expect(await subscriptionOf(agent)).toMatchObject({ plan: "pro", status: "cancelled", expiresOn: proEnds });
    ctx.clock.set(new Date(new Date(proEnds).getTime() + 1000));
    const later = await subscriptionOf(await agentFor(ctx, user));
    expect(later).toMatchObject({ id: basic.subscriptionId, plan: "basic", status: "active" });
    expect(new Date(later.expiresOn!).getTime()).toBeGreaterThan(new Date(proEnds).getTime() + 27 * DAY);
  });

  it("records a declined payment as cancelled and grants nothing", async () => {
    const { agent } = await loggedInUser(ctx);
    const sub = (await agent.get("/payments/buy/pro")).body.data.id;
    expect((await agent.post("/payments/test-checkout/decline", { subscription_id: sub })).status).toBe(200);
    await testCheckout(ctx).settled();
    expect((await agent.get("/payments/history")).body.data).toEqual([expect.objectContaining({ status: "cancelled", amount: 999 })]);
    expect((await subscriptionOf(agent)).status).toBe("inactive");
  });

  it("records the charge from the webhook alone when the client never verifies", async () => {
    const { agent } = await loggedInUser(ctx);
    const sub = (await agent.get("/payments/buy/basic")).body.data.id;
    await agent.post("/payments/test-checkout/pay", { subscription_id: sub });
    await testCheckout(ctx).settled();
    expect(await subscriptionOf(agent)).toMatchObject({ plan: "basic", status: "active" });
  });
});

describe("POST /payments/verify refuses bad input", () => {
  async function paidButUnverified() {
    const { user, agent } = await loggedInUser(ctx);
    const sub = (await agent.get("/payments/buy/basic")).body.data.id as string;
    const paymentId = "pay_manual" + Math.random().toString(36).slice(2);
    const signature = subscriptionPaymentSignature(testSecret(ctx), paymentId, sub);
    return { user, agent, body: { razorpay_payment_id: paymentId, razorpay_subscription_id: sub, razorpay_signature: signature } };
  }

  it("a forged signature (400, nothing recorded)", async () => {
    const { agent, body } = await paidButUnverified();
    const res = await agent.post("/payments/verify", { ...body, razorpay_signature: "0".repeat(64) });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe("payment_signature_invalid");
    expect((await agent.get("/payments/history")).body.data).toEqual([]);
  });

  it("a valid signature for another user's subscription (400, neither user gains a plan)", async () => {
    const victim = await paidButUnverified();
    const thief = await loggedInUser(ctx);
    const res = await thief.agent.post("/payments/verify", victim.body);
    expect(res.status).toBe(400);
    expect(res.body.code).toBe("subscription_not_found");
    expect((await subscriptionOf(thief.agent)).status).toBe("inactive");
    expect((await subscriptionOf(victim.agent)).status).toBe("inactive");
  });

  it("a tampered amount or plan (400), while the untouched body passes", async () => {
    const { agent, body } = await paidButUnverified();
    expect((await agent.post("/payments/verify", { ...body, amount: 1 })).body.code).toBe("payment_mismatch");
    expect((await agent.post("/payments/verify", { ...body, plan: "pro", amount: 999 })).body.code).toBe("payment_mismatch");
    expect((await agent.post("/payments/verify", { ...body, amount: 499, plan: "basic" })).status).toBe(200);
  });

  it("a replayed verify changes nothing", async () => {
    const { agent, body } = await paidButUnverified();
    const first = await agent.post("/payments/verify", body);
    const expires = (await subscriptionOf(agent)).expiresOn;
    const second = await agent.post("/payments/verify", body);
    expect([first.status, second.status]).toEqual([200, 200]);
    expect(second.body.message).toBe("Payment already verified");
    expect((await subscriptionOf(agent)).expiresOn).toBe(expires);
    expect((await agent.get("/payments/history")).body.data).toHaveLength(1);
  });

  it("a malformed body (400)", async () => {
    const { agent } = await loggedInUser(ctx);
    expect((await agent.post("/payments/verify", { razorpay_payment_id: "x" })).status).toBe(400);
  });
});

describe("GET /payments/cancel", () => {
  it("without a subscription: 400 no_active_subscription", async () => {
    const { agent } = await loggedInUser(ctx);
    const res = await agent.get("/payments/cancel");
    expect(res.status).toBe(400);
    expect(res.body.code).toBe("no_active_subscription");
  });

  it("keeps the plan until expiresOn, then the user is on Free at once", async () => {
    const { user, agent } = await loggedInUser(ctx);
    await purchase(ctx, agent, "basic");
    const res = await agent.get("/payments/cancel");
    expect(res.status).toBe(200);
    expect(res.body.message).toBe("Subscription cancelled. Your plan stays active until 10 Apr 2026");
    expect(await subscriptionOf(agent)).toMatchObject({ status: "cancelled", plan: "basic", expiresOn: "2026-04-10T06:00:00.000Z" });
    expect((await agent.get("/payments/cancel")).status).toBe(400);
    ctx.clock.set("2026-04-10T06:00:01Z");
    expect(await subscriptionOf(await agentFor(ctx, user))).toEqual({ id: null, status: "inactive", plan: null, expiresOn: null });
  });
});

it("createUser keeps working with the payments tables present", async () => {
  expect((await createUser(ctx)).user.role).toBe("CODER");
});
