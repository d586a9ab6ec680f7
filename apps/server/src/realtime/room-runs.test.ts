import { afterEach, describe, expect, it } from "vitest";
import type { Coordination } from "../coordination/coordination";
import { createMemoryCoordination } from "../coordination/memory-coordination";
import { createRoomRuns } from "./room-runs";

const quiet = { error: () => undefined, warn: () => undefined };
let coordination: Coordination;
afterEach(() => coordination?.close());

function sharedRuns() {
  coordination = createMemoryCoordination({ leaseTtlMs: 10_000, leaseRenewMs: 3_000, log: quiet });
  const errors: unknown[] = [];
  return { runs: createRoomRuns(coordination, (err) => errors.push(err)), errors };
}

const by = { id: "u1", name: "Ann" };

describe("a room's shared run", () => {
  it("is one at a time; its state and output so far are there for joiners until it ends", async () => {
    const { runs, errors } = sharedRuns();
    const held = await runs.begin("ROOM01", { runId: "r1", by, state: "queued" });
    expect(held).not.toBeNull();
    expect(await runs.begin("ROOM01", { runId: "r2", by, state: "queued" })).toBeNull();
    expect(await runs.begin("ROOM02", { runId: "r3", by, state: "queued" })).not.toBeNull();
    held!.setState("running");
    held!.appendOutput("first\n");
    held!.appendOutput("second\n");
    expect(await runs.current("ROOM01")).toEqual({ runId: "r1", by, state: "running", output: "first\nsecond\n" });
    await held!.end();
    expect(await runs.current("ROOM01")).toBeNull();
    expect(await runs.begin("ROOM01", { runId: "r4", by, state: "queued" })).not.toBeNull();
    expect(errors).toEqual([]);
  });

  it("keeps the last 64 K characters of output", async () => {
    const { runs } = sharedRuns();
    const held = await runs.begin("ROOM01", { runId: "r1", by, state: "running" });
    for (let i = 0; i < 70; i += 1) held!.appendOutput(`${String(i).padStart(2, "0")}${"x".repeat(1022)}`);
    const output = (await runs.current("ROOM01"))!.output;
    expect(output).toHaveLength(64 * 1024);
    expect(output.startsWith("06")).toBe(true);
  });

  it("cleared (its process is gone), the room is free at once; the old holder ending late leaves the new run alone", async () => {
    const { runs } = sharedRuns();
    const held = await runs.begin("ROOM01", { runId: "r1", by, state: "running" });
    await runs.clear("ROOM01", "r1");
    expect(await runs.current("ROOM01")).toBeNull();
    const next = await runs.begin("ROOM01", { runId: "r2", by, state: "queued" });
    expect(next).not.toBeNull();
    // The old holder ends late: the new run's lease and state stay.
    await held!.end();
    expect(await runs.current("ROOM01")).toMatchObject({ runId: "r2" });
  });
});
