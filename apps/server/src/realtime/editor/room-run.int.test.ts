import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { Socket } from "socket.io-client";
import { createRealtimeTestApp, emitAck, nextEvent, type RealtimeTestContext } from "../../../test/realtime-harness";
import { joined, legacyJoined, person } from "../../../test/room-fixture";

let ctx: RealtimeTestContext;
const sockets: Socket[] = [];
let skipReason: string | null = null;
let bashId: number | undefined;
beforeAll(async () => {
  ctx = await createRealtimeTestApp();
  bashId = ctx.deps.languages.list().find((l) => l.id === 46)?.id;
  skipReason = ctx.deps.execution.runner.unavailableReason() ?? (bashId ? null : "the shell language (46) is not offered");
  if (skipReason) console.warn(`SKIPPED room run tests: ${skipReason}`);
});
afterEach(() => {
  while (sockets.length) sockets.pop()!.close();
});
afterAll(() => ctx?.close());

async function roomWithCode(code: string) {
  const owner = await person(ctx, "Olive Owner");
  const created = await owner.agent.post("/rooms/create", { roomName: "Run room", languageId: bashId });
  const roomId = created.body.data.roomId as string;
  expect((await owner.agent.put(`/rooms/update/${roomId}`, { code, anyoneCanEdit: true })).status).toBe(200);
  return { roomId, owner };
}

describe("run:start / run:stop", () => {
  it("runs the live code and streams the run to the whole room; legacy sockets get updateTerminal", async (t) => {
    if (skipReason) return t.skip();
    const { roomId, owner } = await roomWithCode("echo first\nsleep 0.6\necho second\n");
    const o = await joined(ctx, owner, roomId);
    const bob = await person(ctx, "Bob Builder");
    const b = await legacyJoined(ctx, bob, roomId);
    sockets.push(o, b);
    const outputs: string[] = [];
    let finishedAt = 0;
    let firstOutputAt = 0;
    o.on("run:output", (p: { data: string }) => {
      firstOutputAt ||= Date.now();
      outputs.push(p.data);
    });
    const started = nextEvent(o, "run:started");
    const finished = nextEvent<{ by: { id: string }; result: { stdout: string; status: { id: number } } }>(o, "run:finished", 20_000).then((p) => {
      finishedAt = Date.now();
      return p;
    });
    const legacyTerminal = nextEvent<{ stdout: string }>(b, "updateTerminal", 20_000);
    const ack = await emitAck(b, "run:start", { stdin: "" });
    expect(ack).toMatchObject({ ok: true, data: { runId: expect.any(String) } });
    expect(await started).toMatchObject({ by: { id: bob.user.id, name: "Bob" } });
    const done = await finished;
    expect(done.result).toMatchObject({ status: { id: 3 }, stdout: "first\nsecond\n" });
    expect(outputs.join("")).toBe("first\nsecond\n");
    // Streamed: "first" arrived while the program was still sleeping.
    expect(finishedAt - firstOutputAt).toBeGreaterThan(300);
    expect((await legacyTerminal).stdout).toBe("first\nsecond\n");
  });

  it("lets only the starter or the owner stop a run", async (t) => {
    if (skipReason) return t.skip();
    const { roomId, owner } = await roomWithCode("echo go\nsleep 8\necho never\n");
    const o = await joined(ctx, owner, roomId);
    const bob = await person(ctx);
    const b = await joined(ctx, bob, roomId);
    const carol = await person(ctx);
    const c = await joined(ctx, carol, roomId);
    sockets.push(o, b, c);
    const started = nextEvent(o, "run:started");
    const finished = nextEvent<{ result: { stdout: string } }>(o, "run:finished", 20_000);
    expect(await emitAck(b, "run:start", {})).toMatchObject({ ok: true });
    await started;
    expect(await emitAck(b, "run:start", {})).toMatchObject({ ok: false, code: "run_in_progress" });
    expect(await emitAck(c, "run:stop", {})).toMatchObject({ ok: false, code: "room_forbidden" });
    expect(await emitAck(o, "run:stop", {})).toMatchObject({ ok: true });
    const result = (await finished).result;
    expect(result.stdout ?? "").not.toContain("never");
    expect(await emitAck(o, "run:stop", {})).toMatchObject({ ok: false, code: "no_run_in_progress" });
  });
});
