import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, expect, it } from "vitest";
import { subscriptions } from "../../db/schema/payments";
import { dailyUsage } from "../../db/schema/users";
import { createUser } from "../../../test/factories";
import { createTestApp, type TestContext } from "../../../test/test-app";
import { indiaDay } from "../usage/daily-usage";
import { readAiQuota, takeAi } from "./ai-quota";

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

it("counts each asker by their own plan and today's count, and refuses past the limit", async () => {
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

  const take = async (user: { id: string; role: "ADMIN" | "CODER" | "GUEST" }) => {
    const t = await takeAi(ctx.deps.db.db, user, ctx.clock.now);
    return { ok: t.ok, used: t.quota.used, limit: t.quota.limit };
  };
  expect(await take(free!)).toEqual({ ok: true, used: 1, limit: 5 });
  expect(await take(freeSpent!)).toEqual({ ok: false, used: 5, limit: 5 });
  expect(await take(basic!)).toEqual({ ok: true, used: 3, limit: 25 });
  expect(await take(upgrading!)).toEqual({ ok: true, used: 1, limit: null });
  expect(await take(expired!)).toEqual({ ok: true, used: 1, limit: 5 });
  expect(await take(admin!)).toEqual({ ok: true, used: 1, limit: null });
  expect(await readAiQuota(ctx.deps.db.db, freeSpent!, ctx.clock.now)).toMatchObject({ used: 5, limit: 5 });
});

it("lets exactly the limit's count through when a Free user's questions come at once", async () => {
  const { user } = await createUser(ctx);
  await used(user.id, 2);
  const takes = await Promise.all(Array.from({ length: 6 }, () => takeAi(ctx.deps.db.db, user, ctx.clock.now)));
  expect(takes.filter((t) => t.ok)).toHaveLength(3);
  const refused = takes.find((t) => !t.ok)!;
  expect(refused.ok ? "" : refused.message).toMatch(/all 5 AI interactions of the Free plan today/);
  expect(await readAiQuota(ctx.deps.db.db, user, ctx.clock.now)).toMatchObject({ used: 5 });
});
