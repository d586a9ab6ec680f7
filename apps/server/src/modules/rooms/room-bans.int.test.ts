import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { HocuspocusProvider } from "@hocuspocus/provider";
import type { Socket } from "socket.io-client";
import { closeCollab, collabClient, createRealtimeTestApp, emitAck, nextEvent, until, type RealtimeTestContext } from "../../../test/realtime-harness";
import { joined, legacyJoined, person, roomWithOwner, socketOf } from "../../../test/room-fixture";
import { banFromRoom } from "./room-bans";
import { listedRoomIds } from "../../../test/room-test-helpers";

let ctx: RealtimeTestContext;
const sockets: Socket[] = [];
const providers: HocuspocusProvider[] = [];
const track = (s: Socket) => (sockets.push(s), s);
beforeAll(async () => {
  ctx = await createRealtimeTestApp();
});
afterEach(() => {
  while (sockets.length) sockets.pop()!.close();
  while (providers.length) closeCollab(providers.pop()!);
});
afterAll(() => ctx?.close());

const removed = { code: "removed_from_room", message: "You were removed from this room by its owner" };

/** A room with its owner and Bob joined (our client), then Bob kicked by the owner. */
async function kickedRoom() {
  const { roomId, owner } = await roomWithOwner(ctx);
  const bob = await person(ctx, "Bob Builder");
  const o = track(await joined(ctx, owner, roomId));
  expect((await bob.agent.get(`/rooms/join/${roomId}`)).status).toBe(200);
  const b = track(await joined(ctx, bob, roomId));
  const kicked = nextEvent(b, "IAMKICKED");
  expect(await emitAck(o, "kickCall", bob.user.id)).toEqual({ ok: true });
  await kicked;
  return { roomId, owner, bob };
}

/** Whether a `/collab` connection of this user to the room authenticates. */
async function collabOutcome(roomId: string, token: string): Promise<"authenticated" | "refused"> {
  let outcome: "authenticated" | "refused" | undefined;
  const p = collabClient(ctx.url, roomId, token, {
    provider: { onAuthenticated: () => (outcome = "authenticated"), onAuthenticationFailed: () => (outcome = "refused") },
  });
  providers.push(p);
  await until(() => outcome !== undefined, 5000, "collab authentication outcome");
  return outcome!;
}

describe("kick keeps the user out", () => {
  it("refuses the kicked user's REST join with 403 removed_from_room and takes the room off their list", async () => {
    const { roomId, bob } = await kickedRoom();
    const res = await bob.agent.get(`/rooms/join/${roomId}`);
    expect(res.status).toBe(403);
    expect(res.body).toMatchObject({ success: false, ...removed });
    expect(await listedRoomIds(bob.agent)).not.toContain(roomId);
  });

  it("refuses the kicked user's /editor join, ours (ack) and legacy (room:error)", async () => {
    const { roomId, bob } = await kickedRoom();
    const ours = track(await socketOf(ctx, bob));
    expect(await emitAck(ours, "join", { roomId, tabId: "tab-again" })).toEqual({ ok: false, ...removed });
    const legacy = track(await socketOf(ctx, bob));
    const refused = nextEvent(legacy, "room:error");
    legacy.emit("join", { roomId, userId: bob.user.id, userName: "Bob" });
    expect(await refused).toEqual({ event: "join", ...removed });
  });

  it("refuses the kicked user's /collab connection, and lets others in", async () => {
    const { roomId, owner, bob } = await kickedRoom();
    expect(await collabOutcome(roomId, bob.token)).toBe("refused");
    expect(await collabOutcome(roomId, owner.token)).toBe("authenticated");
  });

  it("a legacy kick (bare id) keeps the user out as well", async () => {
    const { roomId, owner } = await roomWithOwner(ctx);
    const carol = await person(ctx, "Carol");
    const o = track(await legacyJoined(ctx, owner, roomId));
    const c = track(await legacyJoined(ctx, carol, roomId));
    const kicked = nextEvent(c, "IAMKICKED");
    o.emit("kickCall", carol.user.id);
    await kicked;
    expect((await carol.agent.get(`/rooms/join/${roomId}`)).body).toMatchObject(removed);
  });
});

describe("the owner", () => {
  it("can never be removed from their own room", async () => {
    const { roomId, owner } = await roomWithOwner(ctx);
    const attempt = banFromRoom({ db: ctx.deps.db.db, room: { id: roomId, ownerId: owner.user.id }, userId: owner.user.id, now: new Date() });
    await expect(attempt).rejects.toMatchObject({ code: "cannot_remove_owner" });
    expect((await owner.agent.get(`/rooms/join/${roomId}`)).status).toBe(200);
  });
});

describe("removed users and Let back in", () => {
  it("lists the removed users to the owner; letting one back in makes every join work again", async () => {
    const { roomId, owner, bob } = await kickedRoom();
    const list = await owner.agent.get(`/rooms/${roomId}/removed-users`);
    expect(list.status).toBe(200);
    expect(list.body.data).toEqual([{ userId: bob.user.id, name: "Bob Builder", removedAt: expect.any(String) }]);
    const res = await owner.agent.delete(`/rooms/${roomId}/removed-users/${bob.user.id}`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ success: true, message: "They can join this room again" });
    expect((await owner.agent.get(`/rooms/${roomId}/removed-users`)).body.data).toEqual([]);
    expect((await bob.agent.get(`/rooms/join/${roomId}`)).status).toBe(200);
    expect(await listedRoomIds(bob.agent)).toContain(roomId);
    track(await joined(ctx, bob, roomId));
    expect(await collabOutcome(roomId, bob.token)).toBe("authenticated");
  });

  it("a non-owner can neither list nor let anyone back in (403), and the ban stays", async () => {
    const { roomId, bob } = await kickedRoom();
    const dave = await person(ctx, "Dave");
    expect((await dave.agent.get(`/rooms/join/${roomId}`)).status).toBe(200);
    expect((await dave.agent.get(`/rooms/${roomId}/removed-users`)).body).toMatchObject({ success: false, code: "room_forbidden" });
    const unban = await dave.agent.delete(`/rooms/${roomId}/removed-users/${bob.user.id}`);
    expect(unban.status).toBe(403);
    expect(unban.body.code).toBe("room_forbidden");
    const self = await bob.agent.delete(`/rooms/${roomId}/removed-users/${bob.user.id}`);
    expect(self.status).toBe(403);
    expect((await bob.agent.get(`/rooms/join/${roomId}`)).status).toBe(403);
  });

  it("validates the user id (400) and answers 404 for an unknown room", async () => {
    const { roomId, owner } = await roomWithOwner(ctx);
    expect((await owner.agent.delete(`/rooms/${roomId}/removed-users/not-a-uuid`)).body.code).toBe("validation_failed");
    expect((await owner.agent.get(`/rooms/ZZZZZ9/removed-users`)).status).toBe(404);
  });
});
