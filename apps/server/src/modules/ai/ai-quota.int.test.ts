import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, expect, it } from "vitest";
import { subscriptions } from "../../db/schema/payments";
import { dailyUsage } from "../../db/schema/users";
import { createUser } from "../../../test/factories";
import { createTestApp, type TestContext } from "../../../test/test-app";
import { indiaDay } from "../usage/daily-usage";
import { checkAiOf } from "./ai-quota";

// The askers of a burst are read together: each still gets their own plan and count.
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
  ctx.clock.set("2026-03-10T09:00:00Z");
});
afterAll(() => ctx.close());

async function subscribe(userId: string, plan: "basic" | "pro", paidUntil: string) {
  const now = ctx.clock.now;
  await ctx.deps.db.db.insert(subscriptions).values({
    userId,
    plan,
    provider: "test",
    providerSubscriptionId: `sub_${randomBytes(6).toString("hex")}`,
    status: "active",
    paidUntil: new Date(paidUntil),
    createdAt: now,
    updatedAt: now,
  });
}
const used = (userId: string, aiInteractions: number) => ctx.deps.db.db.insert(dailyUsage).values({ userId, day: indiaDay(ctx.clock.now), aiInteractions });

it("judges several askers in one read, each by their own plan and today's count", async () => {
  const [free, freeSpent, basic, upgrading, expired, admin] = await Promise.all([
    createUser(ctx),
    createUser(ctx),
    createUser(ctx),
    createUser(ctx),
    createUser(ctx),
    createUser(ctx, { role: "ADMIN" }),
  ]).then((made) => made.map((m) => m.user));
  await used(freeSpent!.id, 5);
  await subscribe(basic!.id, "basic", "2026-04-01T00:00:00Z");
  await used(basic!.id, 2);
  // Upgrading: Basic paid further ahead than Pro, and Pro still wins.
  await subscribe(upgrading!.id, "basic", "2026-05-01T00:00:00Z");
  await subscribe(upgrading!.id, "pro", "2026-04-01T00:00:00Z");
  await subscribe(expired!.id, "pro", "2026-03-01T00:00:00Z");

  const checks = await checkAiOf(ctx.deps.db.db, [free!, freeSpent!, basic!, upgrading!, expired!, admin!], ctx.clock.now);
  const summary = (id: string) => {
    const c = checks.get(id)!;
    return { ok: c.ok, plan: c.plan.planId, used: c.quota.used, limit: c.quota.limit };
  };
  expect(summary(free!.id)).toEqual({ ok: true, plan: "free", used: 0, limit: 5 });
  expect(summary(freeSpent!.id)).toEqual({ ok: false, plan: "free", used: 5, limit: 5 });
  expect(summary(basic!.id)).toEqual({ ok: true, plan: "basic", used: 2, limit: 25 });
  expect(summary(upgrading!.id)).toEqual({ ok: true, plan: "pro", used: 0, limit: null });
  expect(summary(expired!.id)).toEqual({ ok: true, plan: "free", used: 0, limit: 5 });
  expect(summary(admin!.id)).toEqual({ ok: true, plan: "admin", used: 0, limit: null });
  expect(checks.size).toBe(6);
});
