import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { plans } from "@coderoom/shared/constants/plans";
import { agentFor, loggedInUser } from "../../../test/factories";
import { createTestApp, type TestContext } from "../../../test/test-app";
import { planLimits } from "../billing/plan-limits";
import { purchase } from "../../../test/payment-test-helpers";

// Quotas follow what was paid for, at the app's clock: Free -> Basic -> expiry -> Free.
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
  ctx.clock.set("2026-01-15T12:00:00Z");
});
afterAll(() => ctx.close());

const room = (i: number) => ({ roomName: `Room ${i}`, languageId: 71 });

describe("plan quotas across a purchase and its expiry", () => {
  it("Free hits 5 rooms, buys Basic and creates the 6th; after expiry it is back to Free limits", async () => {
    const { user, agent } = await loggedInUser(ctx);
    for (let i = 1; i <= plans.free.maxRooms; i += 1) expect((await agent.post("/rooms/create", room(i))).status).toBe(201);
    const refused = await agent.post("/rooms/create", room(6));
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe("room_limit_reached");

    await purchase(ctx, agent, "basic");
    expect(await planLimits(ctx.deps.db.db, user, ctx.clock.now)).toMatchObject({ planId: "basic", maxRooms: null, runsPerDay: 50, aiPerDay: 25 });
    expect((await agent.post("/rooms/create", room(6))).status).toBe(201);

    // One second before the month is up the plan holds; at expiry it is Free at once, no webhook needed.
    ctx.clock.set("2026-02-15T11:59:59Z");
    expect((await planLimits(ctx.deps.db.db, user, ctx.clock.now)).planId).toBe("basic");
    ctx.clock.set("2026-02-15T12:00:00Z");
    expect((await planLimits(ctx.deps.db.db, user, ctx.clock.now)).planId).toBe("free");
    const later = await agentFor(ctx, user);
    const again = await later.post("/rooms/create", room(7));
    expect(again.status).toBe(403);
    expect(again.body.code).toBe("room_limit_reached");
  });

  it("gives Pro unlimited runs and AI, and admins unlimited everything", async () => {
    ctx.clock.set("2026-01-15T12:00:00Z");
    const { user, agent } = await loggedInUser(ctx);
    await purchase(ctx, agent, "pro");
    expect(await planLimits(ctx.deps.db.db, user, ctx.clock.now)).toEqual({ planId: "pro", maxRooms: null, runsPerDay: null, aiPerDay: null });
    const admin = await loggedInUser(ctx, { role: "ADMIN" });
    expect((await planLimits(ctx.deps.db.db, admin.user, ctx.clock.now)).planId).toBe("admin");
  });
});
