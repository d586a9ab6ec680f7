import { randomUUID } from "node:crypto";
import { setTimeout as sleep } from "node:timers/promises";
import { expect, it } from "vitest";
import type { Coordination } from "./coordination";

/** Short enough for tests to wait out, long enough that renewals every 100 ms keep it under load. */
export const TEST_LEASE_TTL_MS = 800;
export const TEST_LEASE_RENEW_MS = 100;

/**
 * The rules every Coordination keeps, run against each implementation. `pair()` gives
 * two views of one shared store (two processes on one Redis; one process's memory twice),
 * `skip()` a reason to skip (printed by the caller), checked when each test runs.
 */
export function coordinationContract(pair: () => [Coordination, Coordination], skip: () => string | null = () => null) {
  const key = (name: string) => `${name}:${randomUUID()}`;

  it("a lease is exclusive until released, then anyone may take it", async (t) => {
    if (skip()) return t.skip();
    const [a, b] = pair();
    const k = key("lease");
    const held = await a.lease(k);
    expect(held?.held).toBe(true);
    expect(await b.lease(k)).toBeNull();
    expect(await b.isLeased(k)).toBe(true);
    await held!.release();
    expect(held!.held).toBe(false);
    expect(await a.isLeased(k)).toBe(false);
    const again = await b.lease(k);
    expect(again).not.toBeNull();
    await again!.release();
  });

  it("of holders racing for one lease, exactly one gets it", async (t) => {
    if (skip()) return t.skip();
    const [a, b] = pair();
    const k = key("race");
    const tries = await Promise.all(Array.from({ length: 12 }, (_, i) => (i % 2 ? a : b).lease(k)));
    const winners = tries.filter((l) => l !== null);
    expect(winners).toHaveLength(1);
    await winners[0]!.release();
  });

  it("a holder keeps its lease past the TTL by renewing it", async (t) => {
    if (skip()) return t.skip();
    const [a, b] = pair();
    const k = key("renewed");
    const held = await a.lease(k);
    await sleep(TEST_LEASE_TTL_MS * 3);
    expect(held!.held).toBe(true);
    expect(await b.lease(k)).toBeNull();
    await held!.release();
  });

  it("releasing never deletes another holder's lease; the first holder hears it lost its own", async (t) => {
    if (skip()) return t.skip();
    const [a, b] = pair();
    const k = key("broken");
    const first = await a.lease(k);
    let lost = 0;
    first!.onLost(() => (lost += 1));
    await b.breakLease(k);
    const second = await b.lease(k);
    expect(second).not.toBeNull();
    await expect.poll(() => lost, { timeout: 5000 }).toBe(1);
    expect(first!.held).toBe(false);
    await first!.release();
    expect(await a.isLeased(k)).toBe(true);
    expect(await a.lease(k)).toBeNull();
    await second!.release();
  });

  it("counts uses in a sliding window: the limit holds under a burst, undo gives one back, time frees the rest", async (t) => {
    if (skip()) return t.skip();
    const [a, b] = pair();
    const k = key("window");
    const windowMs = 1500;
    const takes = await Promise.all(Array.from({ length: 7 }, (_, i) => (i % 2 ? a : b).takeInWindow(k, 3, windowMs)));
    expect(takes.filter((x) => x.allowed)).toHaveLength(3);
    const refused = takes.find((x) => !x.allowed)!;
    expect(refused.count).toBe(3);
    expect(refused.retryAfterMs).toBeGreaterThan(0);
    expect(refused.retryAfterMs).toBeLessThanOrEqual(windowMs);
    await takes.find((x) => x.allowed)!.undo();
    expect((await a.takeInWindow(k, 3, windowMs)).allowed).toBe(true);
    expect((await b.takeInWindow(k, 3, windowMs)).allowed).toBe(false);
    await expect.poll(async () => (await a.takeInWindow(k, 3, windowMs)).allowed, { timeout: 5000, interval: 200 }).toBe(true);
  });

  it("shares values and capped lists until they expire or are deleted", async (t) => {
    if (skip()) return t.skip();
    const [a, b] = pair();
    const v = key("value");
    const l = key("list");
    await a.setValue(v, "state", 60_000);
    expect(await b.getValue(v)).toBe("state");
    for (const item of ["1", "2", "3", "4"]) await a.appendToList(l, item, { maxItems: 3, ttlMs: 60_000 });
    expect(await b.readList(l)).toEqual(["2", "3", "4"]);
    await b.delete(v, l);
    expect(await a.getValue(v)).toBeNull();
    expect(await a.readList(l)).toEqual([]);
    await a.setValue(v, "short", 200);
    await a.appendToList(l, "short", { maxItems: 3, ttlMs: 200 });
    await expect.poll(async () => [await b.getValue(v), await b.readList(l)], { timeout: 5000 }).toEqual([null, []]);
  });
}
