import { describe, expect, it } from "vitest";
import { WarmPool } from "./warm-pool";

interface FakeWarm {
  key: string;
  uid: number;
}

function fakePool() {
  let made = 0;
  const pool = new WarmPool<FakeWarm>({
    maxPerKey: 4,
    idleMs: 60_000,
    minFreeBytes: 0,
    create: async (key) => ({ key, uid: made++ }),
    destroy: async () => undefined,
    alive: () => true,
  });
  return { pool, made: () => made };
}

describe("warm pool", () => {
  it("warms the next sandbox at once after a miss, but after a hit only once the job has ended (replenish)", async () => {
    const { pool, made } = fakePool();
    expect(pool.take("71:b")).toBeUndefined();
    await pool.settled();
    expect(made()).toBe(1);
    expect(pool.take("71:b")).toBeDefined();
    await pool.settled();
    expect(made()).toBe(1);
    // Two runs of the kind in the demand window: two are warmed.
    pool.replenish("71:b");
    await pool.settled();
    expect(made()).toBe(3);
    await pool.close();
  });
});
