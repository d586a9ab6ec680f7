import { afterAll, describe, expect, it } from "vitest";
import type { Coordination } from "./coordination";
import { coordinationContract, TEST_LEASE_RENEW_MS, TEST_LEASE_TTL_MS } from "./coordination-contract";
import { createMemoryCoordination } from "./memory-coordination";

const quiet = { error: () => undefined, warn: () => undefined };
const made: Coordination[] = [];
afterAll(() => Promise.all(made.map((c) => c.close())));

describe("in-memory coordination (one process)", () => {
  coordinationContract(() => {
    const one = createMemoryCoordination({ leaseTtlMs: TEST_LEASE_TTL_MS, leaseRenewMs: TEST_LEASE_RENEW_MS, log: quiet });
    made.push(one);
    return [one, one];
  });

  it("a lease whose holder stopped renewing expires after its TTL", async () => {
    let now = 1_000_000;
    const c = createMemoryCoordination({ leaseTtlMs: 10_000, leaseRenewMs: 3_000, log: quiet, now: () => now });
    const held = await c.lease("user:1");
    expect(held).not.toBeNull();
    // close() stops the renewals without releasing, as a holder that died.
    await c.close();
    now += 9_999;
    expect(await c.lease("user:1")).toBeNull();
    now += 2;
    expect(await c.isLeased("user:1")).toBe(false);
    expect(await c.lease("user:1")).not.toBeNull();
  });
});
