import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createUser } from "../../../test/factories";
import { createTestApp, type TestContext } from "../../../test/test-app";
import { getUsage } from "./daily-usage";
import { createUsageBatcher } from "./usage-batcher";

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx?.close());

describe("usage batcher", () => {
  it("counts a burst of users in one turn, each atomically against its limit", async () => {
    const db = ctx.deps.db.db;
    const at = ctx.clock.now;
    const batcher = createUsageBatcher(db);
    const people = await Promise.all(Array.from({ length: 4 }, () => createUser(ctx)));
    const [full, ...others] = people.map((p) => p.user.id);
    // One user is already at the limit of 2.
    await batcher.consume({ userId: full!, at, kind: "aiInteractions", limit: 2 });
    await batcher.consume({ userId: full!, at, kind: "aiInteractions", limit: 2 });
    const results = await Promise.all([
      batcher.consume({ userId: full!, at, kind: "aiInteractions", limit: 2 }),
      ...others.map((userId) => batcher.consume({ userId, at, kind: "aiInteractions", limit: 2 })),
      batcher.consume({ userId: others[0]!, at, kind: "aiInteractions", limit: null }),
    ]);
    expect(results).toEqual([false, true, true, true, true]);
    expect((await getUsage(db, full!, at)).aiInteractions).toBe(2);
    expect((await getUsage(db, others[0]!, at)).aiInteractions).toBe(2);
    expect((await getUsage(db, others[1]!, at)).aiInteractions).toBe(1);
  });

  it("takes the same user twice in one turn in two statements, so both are counted up to the limit", async () => {
    const db = ctx.deps.db.db;
    const at = ctx.clock.now;
    const batcher = createUsageBatcher(db);
    const { user } = await createUser(ctx);
    const results = await Promise.all([1, 2, 3].map(() => batcher.consume({ userId: user.id, at, kind: "aiInteractions", limit: 2 })));
    expect(results.filter(Boolean)).toHaveLength(2);
    expect((await getUsage(db, user.id, at)).aiInteractions).toBe(2);
  });
});
