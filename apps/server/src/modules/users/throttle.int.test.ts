import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DbHandle } from "../../db/client";
import { createTestDb } from "../../../test/test-app";
import { enforceThrottle, hitThrottle, MINUTE_MS, refundThrottle } from "./throttle";

let handle: DbHandle;
beforeAll(async () => {
  handle = await createTestDb();
});
afterAll(() => handle.close());

const at = (iso: string) => new Date(iso);

describe("fixed-window throttle", () => {
  it("never lets more than the limit through under concurrent hits", async () => {
    const rule = { key: "t:concurrent", limit: 5, windowMs: 15 * MINUTE_MS };
    const now = at("2030-01-01T00:00:00Z");
    const waits = await Promise.all(Array.from({ length: 20 }, () => hitThrottle(handle.db, rule, now)));
    expect(waits.filter((w) => w === 0)).toHaveLength(5);
  });

  it("says how long until the window ends, and opens again after it", async () => {
    const rule = { key: "t:window", limit: 1, windowMs: 15 * MINUTE_MS };
    expect(await hitThrottle(handle.db, rule, at("2030-01-01T00:00:00Z"))).toBe(0);
    expect(await hitThrottle(handle.db, rule, at("2030-01-01T00:05:00Z"))).toBe(10 * MINUTE_MS);
    expect(await hitThrottle(handle.db, rule, at("2030-01-01T00:15:00Z"))).toBe(0);
  });

  it("gives an attempt back on refund", async () => {
    const rule = { key: "t:refund", limit: 1, windowMs: MINUTE_MS };
    const now = at("2030-01-01T00:00:00Z");
    expect(await hitThrottle(handle.db, rule, now)).toBe(0);
    await refundThrottle(handle.db, rule.key);
    expect(await hitThrottle(handle.db, rule, now)).toBe(0);
    expect(await hitThrottle(handle.db, rule, now)).toBeGreaterThan(0);
  });

  it("throws 429 rate_limited with the wait in minutes", async () => {
    const rule = { key: "t:enforce", limit: 1, windowMs: 60 * MINUTE_MS };
    const now = at("2030-01-01T00:00:00Z");
    await enforceThrottle(handle.db, [rule], now);
    await expect(enforceThrottle(handle.db, [rule], new Date(now.getTime() + 59 * MINUTE_MS + 1))).rejects.toMatchObject({
      statusCode: 429,
      code: "rate_limited",
      message: "Too many attempts. Please try again in 1 minute.",
    });
  });
});
