import { describe, expect, it } from "vitest";
import type { AppDeps } from "../../deps";
import { createMemoryCoordination } from "../../coordination/memory-coordination";
import { RunScheduler } from "../../execution/run-scheduler";
import type { UserRow } from "../users/sessions";
import { runCode } from "./run-code";

const accepted = { status: { id: 3, description: "Accepted" }, stdout: "hi\n", stderr: null, compile_output: null, time: 1, memory: 1, exit_code: 0 };

/** App deps whose database counts reads and writes (and answers the usage upsert). */
function fakeDeps() {
  const calls = { reads: 0, writes: 0 };
  const db = {
    select: () => {
      calls.reads += 1;
      return { from: () => ({ where: async () => [] }) };
    },
    insert: () => {
      calls.writes += 1;
      return { values: () => ({ onConflictDoUpdate: () => ({ returning: async () => [{ userId: "admin-1" }] }) }) };
    },
  };
  const execution = {
    runner: { unavailableReason: () => null, run: async () => accepted },
    languages: { get: () => ({ id: 71 }) },
    scheduler: new RunScheduler({ concurrency: 1, maxQueue: 10 }),
  };
  const coordination = createMemoryCoordination({ leaseTtlMs: 10_000, leaseRenewMs: 3_000, log: { error: () => undefined, warn: () => undefined } });
  const deps = { db: { db }, execution, coordination, now: () => new Date("2026-01-01T10:00:00Z") } as unknown as AppDeps;
  return { deps, calls };
}

describe("runCode", () => {
  it("reads no daily count for an unlimited plan (admin), and still counts the run", async () => {
    const { deps, calls } = fakeDeps();
    const user = { id: "admin-1", role: "ADMIN" } as UserRow;
    const { result } = await runCode(deps, { user, body: { code: "print('hi')", langId: 71, stdIn: "" } });
    expect(result.status.id).toBe(3);
    expect(calls).toEqual({ reads: 0, writes: 1 });
  });
});
