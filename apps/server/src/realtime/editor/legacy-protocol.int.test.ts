import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { Socket } from "socket.io-client";
import { connected, editorClient, emitAck, nextEvent, createRealtimeTestApp, type RealtimeTestContext } from "../../../test/realtime-harness";
import { joined, legacyJoined, person, roomWithOwner, socketOf } from "../../../test/room-fixture";

let ctx: RealtimeTestContext;
const open: Socket[] = [];
const track = (s: Socket) => (open.push(s), s);
beforeAll(async () => {
  ctx = await createRealtimeTestApp();
});
afterEach(() => {
  while (open.length) open.pop()!.close();
});
afterAll(() => ctx?.close());

/** Collects every payload of an event on a socket. */
function record<T = unknown>(socket: Socket, event: string): T[] {
  const seen: T[] = [];
  socket.on(event, (p: T) => seen.push(p));
  return seen;
}
const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe("handshake", () => {
  it("refuses a socket without a session cookie", async () => {
    const s = track(editorClient(ctx.url, undefined));
    await expect(connected(s)).rejects.toThrow("session_required");
  });

  it("refuses a forged session cookie", async () => {
    const s = track(editorClient(ctx.url, "forged-token-that-is-not-a-session"));
    await expect(connected(s)).rejects.toThrow("session_required");
  });

  it("refuses a handshake from another site's page (Origin check)", async () => {
    const who = await person(ctx);
    const s = track(editorClient(ctx.url, who.token, { headers: { origin: "https://evil.example" } }));
    await expect(connected(s)).rejects.toThrow();
  });
});

describe("verifyUniqueUser and join (legacy shapes)", () => {
  it("answers uniqueUser(true) to the asker only, and ignores the payload's userId", async () => {
    const { roomId, owner } = await roomWithOwner(ctx);
    const s = track(await socketOf(ctx, owner));
    s.emit("verifyUniqueUser", { roomId, userId: "someone-else" });
    expect(await nextEvent(s, "uniqueUser")).toBe(true);
  });

  it("survives verifyUniqueUser(null) and join(null) with a clear error", async () => {
    const who = await person(ctx);
    const s = track(await socketOf(ctx, who));
    s.emit("verifyUniqueUser", null);
    expect(await nextEvent(s, "room:error")).toMatchObject({ event: "verifyUniqueUser", code: "validation_failed" });
    s.emit("join", null);
    expect(await nextEvent(s, "room:error")).toMatchObject({ event: "join", code: "validation_failed" });
    s.emit("codeChange", null);
    expect(await nextEvent(s, "room:error")).toMatchObject({ event: "codeChange" });
    expect(s.connected).toBe(true);
    expect((await who.agent.get("/rooms/languages")).status).toBe(200);
  });

  it("takes identity from the session: joiner gets updateUsers, others userJoined { userName, users }", async () => {
    const { roomId, owner } = await roomWithOwner(ctx, "Olive Owner");
    const o = track(await legacyJoined(ctx, owner, roomId));
    const bob = await person(ctx, "Bob Builder");
    const joinedSeen = nextEvent<{ userName: string; users: { id: string; name: string; socketId: string }[] }>(o, "userJoined");
    const b = track(await socketOf(ctx, bob));
    const own = nextEvent<{ users: { id: string; name: string }[] }>(b, "updateUsers");
    b.emit("join", { roomId, userId: owner.user.id, userName: "Mallory", avatar: "http://evil/x.png" });
    const mine = await own;
    const theirs = await joinedSeen;
    expect(theirs.userName).toBe("Bob");
    expect(theirs.users.map((u) => u.name).sort()).toEqual(["Bob", "Olive"]);
    expect(mine.users.map((u) => u.id).sort()).toEqual([bob.user.id, owner.user.id].sort());
    expect(theirs.users.every((u) => u.socketId !== b.id && u.socketId !== o.id)).toBe(true);
  });

  it("tells the client when the room does not exist (room:error, or the ack)", async () => {
    const who = await person(ctx);
    const s = track(await socketOf(ctx, who));
    s.emit("join", { roomId: "NOROOM" });
    expect(await nextEvent(s, "room:error")).toMatchObject({ event: "join", code: "room_not_found" });
    expect(await emitAck(s, "join", { roomId: "NOROOM", tabId: "t1" })).toMatchObject({ ok: false, code: "room_not_found" });
  });

  it("gives socket joins the same budget of unknown room IDs as the REST join (no guessing oracle)", async () => {
    const { roomId } = await roomWithOwner(ctx);
    const guesser = await person(ctx);
    const s = track(await socketOf(ctx, guesser));
    for (let i = 0; i < 20; i += 1) {
      const guess = `ZZ${String(i).padStart(4, "0")}`;
      expect(await emitAck(s, "join", { roomId: guess, tabId: "g" })).toMatchObject({ ok: false, code: "room_not_found" });
    }
    // Budget spent: even a room that exists answers "rate limited", so the answer reveals nothing.
    expect(await emitAck(s, "join", { roomId, tabId: "g" })).toMatchObject({ ok: false, code: "rate_limited" });
  });

  it("refuses a second tab of the same user, but never a reconnect of the same tab", async () => {
    const { roomId, owner } = await roomWithOwner(ctx);
    const first = track(await joined(ctx, owner, roomId, "tab-A"));
    const other = track(await socketOf(ctx, owner));
    expect(await emitAck(other, "verifyUniqueUser", { roomId, tabId: "tab-B" })).toMatchObject({ ok: true, data: false });
    expect(await emitAck(other, "join", { roomId, tabId: "tab-B" })).toMatchObject({ ok: false, code: "already_in_room" });
    // Same tab after a network blip: the old connection is still open on the server.
    const again = track(await socketOf(ctx, owner));
    expect(await emitAck(again, "verifyUniqueUser", { roomId, tabId: "tab-A" })).toMatchObject({ ok: true, data: true });
    const ack = await emitAck(again, "join", { roomId, tabId: "tab-A" });
    expect(ack).toMatchObject({ ok: true, data: { roomId, canWrite: true } });
    await expect.poll(() => first.connected).toBe(false);
    expect(ack.data.users).toHaveLength(1);
  });
});

describe("events before join", () => {
  it("refuses them without acting", async () => {
    const { roomId, owner } = await roomWithOwner(ctx);
    const o = track(await legacyJoined(ctx, owner, roomId));
    const updates = record(o, "codeUpdate");
    const stranger = await person(ctx);
    const s = track(await socketOf(ctx, stranger));
    s.emit("codeChange", { code: "hijack" });
    expect(await nextEvent(s, "room:error")).toMatchObject({ event: "codeChange", code: "not_joined" });
    expect(await emitAck(s, "run:start", {})).toMatchObject({ ok: false, code: "not_joined" });
    s.emit("kickCall", owner.user.id);
    expect(await nextEvent(s, "room:error")).toMatchObject({ event: "kickCall", code: "not_joined" });
    s.emit("updateTerminal", { stdout: "fake" });
    expect(await nextEvent(s, "room:error")).toMatchObject({ code: "not_joined" });
    s.emit("startTyping");
    await pause(150);
    expect(updates).toEqual([]);
  });
});

describe("typing, leave and disconnect", () => {
  it("sends updateUsers to everyone on typing, userLeft to the others on leave and disconnect", async () => {
    const { roomId, owner } = await roomWithOwner(ctx);
    const o = track(await legacyJoined(ctx, owner, roomId));
    const bob = await person(ctx, "Bob Builder");
    const b = track(await legacyJoined(ctx, bob, roomId));
    const both = [nextEvent<{ users: { id: string; isTyping: boolean }[] }>(o, "updateUsers"), nextEvent<{ users: { id: string; isTyping: boolean }[] }>(b, "updateUsers")];
    b.emit("startTyping");
    for (const p of await Promise.all(both)) expect(p.users.find((u) => u.id === bob.user.id)?.isTyping).toBe(true);
    const left = nextEvent<{ userName: string; users: unknown[] }>(o, "userLeft");
    b.emit("leaveRoom");
    expect(await left).toMatchObject({ userName: "Bob", users: [{ id: owner.user.id }] });
    const carol = await person(ctx, "Carol Coder");
    const c = await legacyJoined(ctx, carol, roomId);
    const gone = nextEvent<{ userName: string }>(o, "userLeft");
    c.close();
    expect(await gone).toMatchObject({ userName: "Carol" });
  });
});

describe("kick", () => {
  it("is owner-only; the owner cannot kick themself", async () => {
    const { roomId, owner } = await roomWithOwner(ctx);
    const o = track(await legacyJoined(ctx, owner, roomId));
    const bob = await person(ctx);
    const b = track(await legacyJoined(ctx, bob, roomId));
    const kicked = record(o, "IAMKICKED");
    b.emit("kickCall", owner.user.id);
    expect(await nextEvent(b, "room:error")).toMatchObject({ event: "kickCall", code: "room_forbidden" });
    o.emit("kickCall", { userId: owner.user.id });
    expect(await nextEvent(o, "room:error")).toMatchObject({ code: "cannot_kick_self" });
    await pause(100);
    expect(kicked).toEqual([]);
  });

  it("is carried out by the server: IAMKICKED to the target, userLeft to others, no more room events", async () => {
    const { roomId, owner } = await roomWithOwner(ctx);
    const o = track(await legacyJoined(ctx, owner, roomId));
    const bob = await person(ctx, "Bob Builder");
    const b = track(await legacyJoined(ctx, bob, roomId));
    const kicked = nextEvent(b, "IAMKICKED");
    const left = nextEvent<{ userName: string }>(o, "userLeft");
    o.emit("kickCall", bob.user.id);
    await kicked;
    expect(await left).toMatchObject({ userName: "Bob" });
    // A legacy client answers kickCall traffic with kickAction: harmless.
    b.emit("kickAction", bob.user.id);
    o.emit("kickAction", bob.user.id);
    const after = record(b, "codeUpdate");
    o.emit("codeChange", { code: "after the kick" });
    await pause(300);
    expect(after).toEqual([]);
    b.emit("codeChange", { code: "kicked user writes" });
    expect(await nextEvent(b, "room:error")).toMatchObject({ code: "not_joined" });
  });
});

describe("roomUpdateTrigger and live permissions", () => {
  it("relays roomUpdateTrigger for the owner only", async () => {
    const { roomId, owner } = await roomWithOwner(ctx);
    const o = track(await legacyJoined(ctx, owner, roomId));
    const bob = await person(ctx);
    const b = track(await legacyJoined(ctx, bob, roomId));
    const ownerGot = record(o, "roomUpdateTrigger");
    b.emit("roomUpdateTrigger");
    expect(await nextEvent(b, "room:error")).toMatchObject({ event: "roomUpdateTrigger", code: "room_forbidden" });
    const relayed = nextEvent(b, "roomUpdateTrigger");
    o.emit("roomUpdateTrigger", { ignored: true });
    await relayed;
    await pause(100);
    expect(ownerGot).toEqual([]);
  });

  it("refuses a view-only codeChange, then applies anyoneCanEdit to the live socket without a rejoin", async () => {
    const { roomId, owner } = await roomWithOwner(ctx);
    const o = track(await legacyJoined(ctx, owner, roomId));
    const bob = await person(ctx);
    const b = track(await legacyJoined(ctx, bob, roomId));
    const live = await ctx.realtime.collab.text(roomId);
    const ownerUpdates = record<string>(o, "codeUpdate");
    const restored = nextEvent<string>(b, "codeUpdate");
    b.emit("codeChange", { code: "view-only edit" });
    expect(await nextEvent(b, "room:error")).toMatchObject({ code: "room_read_only" });
    // The refused client is sent the live text back (it replaces its own).
    expect(await restored).toBe(live);
    await pause(250);
    expect(ownerUpdates).toEqual([]);
    const settings = nextEvent(b, "room:settings");
    expect((await owner.agent.put(`/rooms/update/${roomId}`, { anyoneCanEdit: true })).status).toBe(200);
    expect(await settings).toMatchObject({ anyoneCanEdit: true, canWrite: true });
    const got = nextEvent<string>(o, "codeUpdate");
    b.emit("codeChange", { code: `${live}// bob was here\n` });
    expect(await got).toBe(`${live}// bob was here\n`);
  });
});

describe("codeChange", () => {
  it("refuses a text over 512 KB and a wrong shape with clear codes", async () => {
    const { roomId, owner } = await roomWithOwner(ctx);
    const o = track(await legacyJoined(ctx, owner, roomId));
    o.emit("codeChange", { code: "x".repeat(512 * 1024 + 1) });
    expect(await nextEvent(o, "room:error")).toMatchObject({ code: "payload_too_large" });
    o.emit("codeChange", { code: 42 });
    expect(await nextEvent(o, "room:error")).toMatchObject({ code: "validation_failed" });
    o.emit("codeChange", "bare string");
    expect(await nextEvent(o, "room:error")).toMatchObject({ code: "validation_failed" });
  });

  it("sends a late legacy joiner the live text, and merges concurrent full texts against each sender's base", async () => {
    const { roomId, owner } = await roomWithOwner(ctx);
    expect((await owner.agent.put(`/rooms/update/${roomId}`, { code: "line1\nline2\n", anyoneCanEdit: true })).status).toBe(200);
    const o = track(await legacyJoined(ctx, owner, roomId));
    const bob = await person(ctx);
    const b = track(await legacyJoined(ctx, bob, roomId));
    // Both edit the same base at once: neither may wipe the other.
    o.emit("codeChange", { code: "line1 owner\nline2\n" });
    b.emit("codeChange", { code: "line1\nline2 bob\n" });
    const want = "line1 owner\nline2 bob\n";
    const latest = { o: "", b: "" };
    o.on("codeUpdate", (t: string) => (latest.o = t));
    b.on("codeUpdate", (t: string) => (latest.b = t));
    await expect.poll(() => latest.o === want && latest.b === want, { timeout: 3000 }).toBe(true);
    expect(await ctx.realtime.collab.text(roomId)).toBe(want);
  });
});

describe("events sent right behind join", () => {
  // The original client may type as soon as it has sent join; the server must finish the join first.
  const joinAndType = (s: Socket, roomId: string, code: string) => {
    s.emit("join", { roomId, userId: "ignored", userName: "ignored", avatar: "" });
    s.emit("codeChange", { code });
  };

  it("applies a writer's codeChange sent in the same tick as its join", async () => {
    const { roomId, owner } = await roomWithOwner(ctx);
    const o = track(await socketOf(ctx, owner));
    const errors = record(o, "room:error");
    joinAndType(o, roomId, "typed at once\n");
    await expect.poll(() => ctx.realtime.collab.text(roomId), { timeout: 3000 }).toBe("typed at once\n");
    expect(errors).toEqual([]);
  });

  it("refuses a view-only codeChange sent in the same tick as its join, and sends the live text back", async () => {
    const { roomId } = await roomWithOwner(ctx);
    const live = await ctx.realtime.collab.text(roomId);
    const b = track(await socketOf(ctx, await person(ctx)));
    const restored = nextEvent<string>(b, "codeUpdate");
    const refused = nextEvent(b, "room:error");
    joinAndType(b, roomId, "view-only edit");
    expect(await refused).toMatchObject({ code: "room_read_only" });
    expect(await restored).toBe(live);
    expect(await ctx.realtime.collab.text(roomId)).toBe(live);
  });
});

describe("updateTerminal", () => {
  it("relays a valid result to the others, refuses a malformed one, and shows it to late joiners", async () => {
    const { roomId, owner } = await roomWithOwner(ctx);
    const o = track(await legacyJoined(ctx, owner, roomId));
    const bob = await person(ctx);
    const b = track(await legacyJoined(ctx, bob, roomId));
    const result = { status: { id: 3, description: "Accepted" }, stdout: "hi\n", stderr: null, compile_output: null, time: 12, memory: 100, exit_code: 0 };
    const relayed = nextEvent(b, "updateTerminal");
    o.emit("updateTerminal", result);
    expect(await relayed).toEqual(result);
    o.emit("updateTerminal", { status: { id: 3, description: "Accepted" }, stdout: 42 });
    expect(await nextEvent(o, "room:error")).toMatchObject({ event: "updateTerminal", code: "validation_failed" });
    const carol = await person(ctx);
    const c = track(await socketOf(ctx, carol));
    const ack = await emitAck(c, "join", { roomId, tabId: "late" });
    expect(ack.data.terminal).toEqual(result);
  });
});

describe("updateTerminal from a view-only member", () => {
  // Issue 41 §3: a viewer could forge the room's terminal for everyone, late joiners included.
  it("is refused (room_read_only) and reaches neither the others nor late joiners", async () => {
    const { roomId, owner } = await roomWithOwner(ctx);
    const o = track(await legacyJoined(ctx, owner, roomId));
    const relayed = record(o, "updateTerminal");
    const viewer = await person(ctx);
    const v = track(await legacyJoined(ctx, viewer, roomId));
    v.emit("updateTerminal", { status: { id: 3, description: "Accepted" }, stdout: "forged by a viewer\n", stderr: null, compile_output: null, time: 1 });
    expect(await nextEvent(v, "room:error")).toMatchObject({ event: "updateTerminal", code: "room_read_only" });
    const late = track(await socketOf(ctx, await person(ctx)));
    const ack = await emitAck(late, "join", { roomId, tabId: "late-viewer" });
    expect(ack.data.terminal).toBeNull();
    expect(relayed).toEqual([]);
  });
});

describe("room deleted, sessions revoked, floods", () => {
  it("sends everyone inside room:deleted when the owner deletes the room", async () => {
    const { roomId, owner } = await roomWithOwner(ctx);
    const bob = await person(ctx);
    const b = track(await joined(ctx, bob, roomId));
    const o = track(await joined(ctx, owner, roomId));
    const deleted = [nextEvent(b, "room:deleted"), nextEvent(o, "room:deleted")];
    expect((await owner.agent.delete(`/rooms/delete/${roomId}`)).status).toBe(200);
    expect(await Promise.all(deleted)).toEqual([{ roomId }, { roomId }]);
    b.emit("startTyping");
    expect(await emitAck(b, "run:start", {})).toMatchObject({ ok: false, code: "not_joined" });
    expect(await emitAck(b, "join", { roomId, tabId: "again" })).toMatchObject({ ok: false, code: "room_not_found" });
  });

  it("closes the sockets of a session ended by logout", async () => {
    const { roomId, owner } = await roomWithOwner(ctx);
    const o = track(await joined(ctx, owner, roomId));
    const gone = nextEvent(o, "disconnect");
    expect((await owner.agent.get("/users/logout")).status).toBe(200);
    await gone;
  });

  it("rate-limits a flood from one socket and stays responsive", async () => {
    const { roomId, owner } = await roomWithOwner(ctx);
    const o = track(await legacyJoined(ctx, owner, roomId));
    const limited = nextEvent(o, "room:error");
    for (let i = 0; i < 2000; i += 1) o.emit("startTyping");
    expect(await limited).toMatchObject({ code: "rate_limited" });
    const started = Date.now();
    expect((await owner.agent.get("/rooms/languages")).status).toBe(200);
    expect(Date.now() - started).toBeLessThan(2000);
    await pause(2100);
    expect(await emitAck(o, "leaveRoom")).toMatchObject({ ok: true });
  });
});
