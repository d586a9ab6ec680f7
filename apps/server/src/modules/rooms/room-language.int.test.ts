import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { Socket } from "socket.io-client";
import { createRealtimeTestApp, emitAck, nextEvent, type RealtimeTestContext } from "../../../test/realtime-harness";
import { joined, legacyJoined, person } from "../../../test/room-fixture";

let ctx: RealtimeTestContext;
const sockets: Socket[] = [];
const track = (s: Socket) => (sockets.push(s), s);
beforeAll(async () => {
  ctx = await createRealtimeTestApp();
});
afterEach(() => {
  while (sockets.length) sockets.pop()!.close();
});
afterAll(() => ctx?.close());

const SHELL = 46;
const PYTHON = 71;
const offered = (id: number) => ctx.deps.languages.get(id) !== undefined;

/** A Shell room whose code is a Python program (the wrong pick the owner then corrects). */
async function shellRoom() {
  const owner = await person(ctx, "Olive Owner");
  const created = await owner.agent.post("/rooms/create", { roomName: "Wrong pick", languageId: SHELL });
  const roomId = created.body.data.roomId as string;
  expect((await owner.agent.put(`/rooms/update/${roomId}`, { code: "print(6 * 7)\n" })).status).toBe(200);
  return { roomId, owner };
}

describe("changing a room's language (PUT /rooms/update/{id} { languageId })", () => {
  it("changes it for everyone live (room:settings; legacy clients reload), leaves the code, and the next run uses it", async (t) => {
    if (!offered(SHELL) || !offered(PYTHON)) return t.skip("Shell (46) and Python (71) are not both offered here");
    const { roomId, owner } = await shellRoom();
    const bob = await person(ctx, "Bob Builder");
    const o = track(await joined(ctx, owner, roomId));
    const b = track(await joined(ctx, bob, roomId));
    const carol = await person(ctx, "Carol");
    const c = track(await legacyJoined(ctx, carol, roomId));
    const settings = nextEvent<{ language: { id: number; name: string } }>(b, "room:settings");
    const reload = nextEvent(c, "roomUpdateTrigger");

    const res = await owner.agent.put(`/rooms/update/${roomId}`, { languageId: PYTHON });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ message: "Room details updated successfully!", data: { language: { id: PYTHON, name: "Python" }, changed: ["language"] } });
    expect((await settings).language).toEqual({ id: PYTHON, name: "Python" });
    await reload;
    expect((await bob.agent.get(`/rooms/join/${roomId}`)).body.data).toMatchObject({ language: { id: PYTHON, name: "Python" }, code: "print(6 * 7)\n" });

    if (ctx.deps.execution.runner.unavailableReason()) return t.skip(`runs: ${ctx.deps.execution.runner.unavailableReason()}`);
    const finished = nextEvent<{ result: { stdout: string } }>(o, "run:finished", 30_000);
    expect(await emitAck(b, "run:start", { stdin: "" })).toMatchObject({ ok: true });
    expect((await finished).result.stdout).toBe("42\n");
  });

  it("refuses a language that is not offered (400 language_unknown) or not an integer (400 validation_failed)", async () => {
    const { roomId, owner } = await shellRoom();
    const unknown = await owner.agent.put(`/rooms/update/${roomId}`, { languageId: 999_999 });
    expect(unknown.status).toBe(400);
    expect(unknown.body).toMatchObject({ success: false, code: "language_unknown" });
    const bad = await owner.agent.put(`/rooms/update/${roomId}`, { languageId: "Python" });
    expect(bad.status).toBe(400);
    expect(bad.body.code).toBe("validation_failed");
    expect((await owner.agent.get(`/rooms/join/${roomId}`)).body.data.language.id).toBe(SHELL);
  });

  it("is the owner's alone (403 room_forbidden), even in a room anyone can edit", async () => {
    const { roomId, owner } = await shellRoom();
    await owner.agent.put(`/rooms/update/${roomId}`, { anyoneCanEdit: true });
    const bob = await person(ctx);
    expect((await bob.agent.get(`/rooms/join/${roomId}`)).status).toBe(200);
    const res = await bob.agent.put(`/rooms/update/${roomId}`, { languageId: PYTHON });
    expect(res.status).toBe(403);
    expect(res.body.code).toBe("room_forbidden");
    expect((await owner.agent.get(`/rooms/join/${roomId}`)).body.data.language.id).toBe(SHELL);
  });
});
