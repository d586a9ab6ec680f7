import { randomBytes } from "node:crypto";
import IORedis from "ioredis";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Coordination } from "./coordination";
import { coordinationContract, TEST_LEASE_RENEW_MS, TEST_LEASE_TTL_MS } from "./coordination-contract";
import { createRedisCoordination } from "./redis-coordination";

const url = process.env.REDIS_URL ?? process.env.TEST_REDIS_URL ?? "redis://127.0.0.1:6379";
const prefix = `coordination-test-${randomBytes(4).toString("hex")}`;
const quiet = { error: () => undefined, warn: () => undefined };
let skipReason: string | null = null;
const made: Coordination[] = [];

/** One "process": its own connection to the shared Redis. */
function processOnRedis(): Coordination {
  const c = createRedisCoordination({ url, prefix, leaseTtlMs: TEST_LEASE_TTL_MS, leaseRenewMs: TEST_LEASE_RENEW_MS, commandTimeoutMs: 2000, log: quiet });
  made.push(c);
  return c;
}

beforeAll(async () => {
  const probe = new IORedis(url, { lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null });
  try {
    await probe.connect();
    await probe.ping();
  } catch (err) {
    skipReason = `Redis (${url}) is not available: ${(err as Error).message}`;
    console.warn(`SKIPPED Redis coordination tests: ${skipReason}`);
  } finally {
    probe.disconnect();
  }
});

afterAll(async () => {
  await Promise.all(made.map((c) => c.close()));
  if (skipReason) return;
  const cleanup = new IORedis(url);
  const keys = await cleanup.keys(`${prefix}:*`);
  if (keys.length) await cleanup.del(...keys);
  await cleanup.quit();
});

describe("Redis coordination (several processes)", () => {
  coordinationContract(() => [processOnRedis(), processOnRedis()], () => skipReason);

  it("a lease held by a process that stopped (no release) is free again after its TTL", async (t) => {
    if (skipReason) return t.skip();
    const dying = processOnRedis();
    const other = processOnRedis();
    const key = `dead-holder:${randomBytes(4).toString("hex")}`;
    expect(await dying.lease(key)).not.toBeNull();
    await dying.close();
    expect(await other.lease(key)).toBeNull();
    await expect.poll(() => other.isLeased(key), { timeout: TEST_LEASE_TTL_MS * 5, interval: 100 }).toBe(false);
    const taken = await other.lease(key);
    expect(taken).not.toBeNull();
    await taken!.release();
  });

  it("keeps its keys under REDIS_PREFIX", async (t) => {
    if (skipReason) return t.skip();
    const c = processOnRedis();
    await c.setValue("prefixed", "x", 60_000);
    const raw = new IORedis(url);
    try {
      expect(await raw.get(`${prefix}:co:prefixed`)).toBe("x");
      expect(await raw.exists("prefixed")).toBe(0);
    } finally {
      await raw.quit();
    }
  });

  it("fails with CoordinationUnavailable, not a hang, while Redis cannot be reached", async () => {
    const c = createRedisCoordination({ url: "redis://127.0.0.1:1", prefix, leaseTtlMs: 1000, leaseRenewMs: 300, commandTimeoutMs: 300, log: quiet });
    try {
      await expect(c.lease("unreachable")).rejects.toMatchObject({ name: "CoordinationUnavailable" });
    } finally {
      await c.close();
    }
  });
});
