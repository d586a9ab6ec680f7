import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { zPaymentSummary } from "@coderoom/shared/schemas/payments";
import { Agent } from "../../../test/agent";
import { loggedInUser } from "../../../test/factories";
import { createTestApp, type TestContext } from "../../../test/test-app";
import { payments } from "../../db/schema/payments";
import { postWebhook, purchase } from "../../../test/payment-test-helpers";
import { webhookEvent } from "./webhook-event";

// POST /payments/all: admin only, SQL totals over every payment, one bounded page.
let ctx: TestContext;
let admin: Agent;
beforeAll(async () => {
  ctx = await createTestApp();
  ctx.clock.set("2026-02-01T10:00:00Z");
  admin = (await loggedInUser(ctx, { role: "ADMIN" })).agent;
  const a = await loggedInUser(ctx, { fullName: "Asha Rao", email: "asha@example.com" });
  await purchase(ctx, a.agent, "basic");
  ctx.clock.set("2026-02-01T11:00:00Z");
  const b = await loggedInUser(ctx, { fullName: "Bilal Khan", email: "bilal@example.com" });
  await purchase(ctx, b.agent, "pro");
  ctx.clock.set("2026-02-01T12:00:00Z");
  const sub = (await b.agent.get("/payments/buy/basic")).body.data.id;
  await postWebhook(ctx, webhookEvent("payment.failed", { payment: { id: "pay_failed_1", subscription_id: sub } }), { eventId: "evt_f1" });
});
afterAll(() => ctx.close());

describe("POST /payments/all", () => {
  it("is for admins: 455 logged out, 403 for a coder or a guest", async () => {
    expect((await new Agent(ctx.app).post("/payments/all", { start: 0, limit: 10 })).status).toBe(455);
    for (const role of ["CODER", "GUEST"] as const) {
      const res = await (await loggedInUser(ctx, { role })).agent.post("/payments/all", { start: 0, limit: 10 });
      expect(res.status, role).toBe(403);
      expect(res.body.code).toBe("admin_only");
    }
  });

  it("answers the totals over all payments and the newest page, with purchasedBy", async () => {
    const res = await admin.post("/payments/all", { start: 0, limit: 10 });
    expect(res.status).toBe(200);
    const data = zPaymentSummary.parse(res.body.data);
    expect(data).toMatchObject({
      totalRevenue: 499 + 999,
      totalTransactions: 3,
      completedCount: 2,
      successRate: "66.67",
      avgTransactionPrice: 749,
      start: 0,
      limit: 10,
    });
    expect(data.purchases.map((p) => [p.amount, p.status, p.purchasedBy.fullName])).toEqual([
      [499, "cancelled", "Bilal Khan"],
      [999, "completed", "Bilal Khan"],
      [499, "completed", "Asha Rao"],
    ]);
    expect(data.purchases[2]!.purchasedBy.email).toBe("asha@example.com");
    expect(data.revenueByMonth).toEqual([{ month: "2026-02", revenue: 1498 }]);
  });

  it("pages with start and limit while the totals stay global", async () => {
    const res = await admin.post("/payments/all", { start: 1, limit: 1 });
    expect(res.body.data.purchases).toHaveLength(1);
    expect(res.body.data.purchases[0].amount).toBe(999);
    expect(res.body.data.totalTransactions).toBe(3);
    expect((await admin.post("/payments/all", { start: 50, limit: 10 })).body.data.purchases).toEqual([]);
  });

  it("accepts numeric strings and defaults to the first page of 10", async () => {
    expect((await admin.post("/payments/all", { start: "0", limit: "2" })).body.data.purchases).toHaveLength(2);
    const res = await admin.post("/payments/all", {});
    expect([res.body.data.start, res.body.data.limit]).toEqual([0, 10]);
  });

  it("keeps the trigger-maintained totals equal to a full count after a failed payment turns completed", async () => {
    const c = await loggedInUser(ctx);
    const sub = (await c.agent.get("/payments/buy/basic")).body.data.id;
    await postWebhook(ctx, webhookEvent("payment.failed", { payment: { id: "pay_flip", subscription_id: sub } }), { eventId: "evt_flip1" });
    await postWebhook(ctx, webhookEvent("subscription.charged", { subscription: { id: sub }, payment: { id: "pay_flip" } }), { eventId: "evt_flip2" });
    const summary = (await admin.post("/payments/all", { start: 0, limit: 100 })).body.data;
    const [counted] = await ctx.deps.db.db
      .select({
        total: sql<number>`count(*)::int`,
        completed: sql<number>`(count(*) filter (where ${payments.status} = 'completed'))::int`,
        revenue: sql<number>`(coalesce(sum(${payments.amount}) filter (where ${payments.status} = 'completed'), 0))::int`,
      })
      .from(payments);
    expect([summary.totalTransactions, summary.completedCount, summary.totalRevenue]).toEqual([counted!.total, counted!.completed, counted!.revenue]);
    expect([counted!.total, counted!.completed]).toEqual([4, 3]);
  });

  it.each([
    ["negative start", { start: -1, limit: 10 }],
    ["negative limit", { start: 0, limit: -5 }],
    ["zero limit", { start: 0, limit: 0 }],
    ["limit over 100", { start: 0, limit: 101 }],
    ["huge limit", { start: 0, limit: 1e12 }],
    ["huge start", { start: 1e15, limit: 10 }],
    ["non-numeric", { start: "abc", limit: 10 }],
    ["fractional", { start: 1.5, limit: 10 }],
    ["numeric-looking junk", { start: "1e3", limit: "10" }],
  ])("refuses %s (400)", async (_name, body) => {
    const res = await admin.post("/payments/all", body);
    expect(res.status).toBe(400);
    expect(res.body.code).toBe("validation_failed");
  });
});
