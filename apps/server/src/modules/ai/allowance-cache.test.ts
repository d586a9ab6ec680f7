import { expect, it } from "vitest";
import { createAllowanceCache } from "./allowance-cache";

const free = { limit: 5, planId: "free" };

it("answers from what was read or counted, until 30 s pass or the India day changes", () => {
  let clock = 0;
  const cache = createAllowanceCache(() => clock);
  const at = new Date("2026-12-01T10:00:00Z"); // 15:30 in India
  expect(cache.get("u1", at)).toBeUndefined();
  cache.set("u1", at, free, 2);
  cache.adjust("u1", 1);
  expect(cache.get("u1", at)).toEqual({ plan: free, used: 3, refresh: false });
  cache.adjust("u1", -1);
  expect(cache.get("u1", at)?.used).toBe(2);
  // 18:31 UTC is past midnight in India: a new day's count must be read again.
  expect(cache.get("u1", new Date("2026-12-01T18:31:00Z"))).toBeUndefined();
  clock = 30_001;
  expect(cache.get("u1", at)).toBeUndefined();
  // Unknown users are not created by a count.
  cache.adjust("u2", 1);
  expect(cache.get("u2", at)).toBeUndefined();
});

it("after 20 s still answers, and asks once for the user to be read again", () => {
  let clock = 0;
  const cache = createAllowanceCache(() => clock);
  const at = new Date("2026-12-01T10:00:00Z");
  cache.set("u1", at, free, 1);
  clock = 20_001;
  expect(cache.get("u1", at)).toEqual({ plan: free, used: 1, refresh: true });
  expect(cache.get("u1", at)?.refresh).toBe(false);
  // The read again lands: fresh for another 30 s.
  cache.set("u1", at, free, 2);
  clock = 35_000;
  expect(cache.get("u1", at)).toEqual({ plan: free, used: 2, refresh: false });
});
