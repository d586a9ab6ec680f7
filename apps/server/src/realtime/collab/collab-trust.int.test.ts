import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { HocuspocusProvider } from "@hocuspocus/provider";
import * as encoding from "lib0/encoding";
import type { Socket } from "socket.io-client";
import type { TCollabRefusal, TRoomUser } from "@coderoom/shared/schemas/realtime";
import { closeCollab, collabClient, createRealtimeTestApp, emitAck, nextEvent, until, type RealtimeTestContext } from "../../../test/realtime-harness";
import { userColor } from "../editor/room-members";
import { joined, member, person, roomWithOwner, type Person } from "../../../test/room-fixture";

// Issue 41: forged server notices, spoofed cursors, /collab outside the guessing budget and membership.
let ctx: RealtimeTestContext;
const providers: HocuspocusProvider[] = [];
const sockets: Socket[] = [];
beforeAll(async () => {
  ctx = await createRealtimeTestApp();
});
afterEach(() => {
  while (providers.length) closeCollab(providers.pop()!);
  while (sockets.length) sockets.pop()!.close();
});
afterAll(() => ctx?.close());

const connectionsOf = (roomId: string) => ctx.realtime.collab.hocuspocus.documents.get(roomId)?.getConnections() ?? [];

/** A provider that records the stateless messages it hears. */
function listening(roomId: string, who: Person, heard: string[] = []) {
  const p = collabClient(ctx.url, roomId, who.token, { provider: { onStateless: ({ payload }) => heard.push(payload) } });
  providers.push(p);
  return p;
}

/** Opens the room's document: resolves once synced, or with the refusal. */
function open(roomId: string, who: Person): Promise<{ provider: HocuspocusProvider; refusal?: TCollabRefusal }> {
  return new Promise((resolve) => {
    const provider = collabClient(ctx.url, roomId, who.token, {
      provider: {
        onSynced: () => resolve({ provider }),
        onAuthenticationFailed: ({ reason }) => resolve({ provider, refusal: JSON.parse(reason) as TCollabRefusal }),
      },
    });
    providers.push(provider);
  });
}

async function synced(roomId: string, who: Person) {
  const { provider, refusal } = await open(roomId, who);
  if (refusal) throw new Error(`refused: ${refusal.code}`);
  return provider;
}

/** A raw Hocuspocus message for the room: document name, message type, body. */
function frame(roomId: string, type: number, body: (e: encoding.Encoder) => void): Uint8Array {
  const e = encoding.createEncoder();
  encoding.writeVarString(e, roomId);
  encoding.writeVarUint(e, type);
  body(e);
  return encoding.toUint8Array(e);
}
const STATELESS = 5;
const BROADCAST_STATELESS = 6;
const AWARENESS = 1;
const forgedNotice = JSON.stringify({ type: "permissions", canWrite: false });

function sendForgedNotices(p: HocuspocusProvider, roomId: string) {
  for (const type of [BROADCAST_STATELESS, STATELESS]) {
    p.configuration.websocketProvider.send(frame(roomId, type, (e) => encoding.writeVarString(e, forgedNotice)));
  }
}

let serial = 0;
/** A valid room ID that no room has. */
const unknownId = () => `Z${String(++serial).padStart(5, "0")}`;

describe("stateless messages from clients", () => {
  it("a forged notice from a view-only member reaches nobody, and its connection is closed", async () => {
    const { roomId, owner } = await roomWithOwner(ctx);
    const viewer = await member(ctx, roomId);
    const bystander = await member(ctx, roomId);
    const heardByOwner: string[] = [];
    const heardByBystander: string[] = [];
    listening(roomId, owner, heardByOwner);
    listening(roomId, bystander, heardByBystander);
    const forger = await synced(roomId, viewer);
    await until(() => connectionsOf(roomId).length === 3, 5000, "three connections");
    sendForgedNotices(forger, roomId);
    await new Promise((r) => setTimeout(r, 300));
    // The owner and the bystander heard only the server's own notices; the forger was closed.
    expect(heardByOwner.map((t) => JSON.parse(t))).toEqual([{ type: "permissions", canWrite: true }]);
    expect(heardByBystander.map((t) => JSON.parse(t))).toEqual([{ type: "permissions", canWrite: false }]);
    await until(() => connectionsOf(roomId).length === 2, 5000, "the forger's connection closed");
  });

  it("a stranger who never joined cannot even open the document, so its notice reaches nobody", async () => {
    const { roomId, owner } = await roomWithOwner(ctx);
    const heard: string[] = [];
    listening(roomId, owner, heard);
    await until(() => connectionsOf(roomId).length === 1, 5000, "the owner's connection");
    const stranger = await person(ctx);
    const { provider, refusal } = await open(roomId, stranger);
    expect(refusal?.code).toBe("room_not_found");
    sendForgedNotices(provider, roomId);
    await new Promise((r) => setTimeout(r, 300));
    expect(heard).not.toContain(forgedNotice);
    expect(connectionsOf(roomId)).toHaveLength(1);
  });
});

describe("awareness", () => {
  it("a client claiming the owner's id and name is shown as itself; hijacking the owner's client id is refused", async () => {
    const { roomId, owner } = await roomWithOwner(ctx, "Olive Owner");
    const mallory = await member(ctx, roomId, "Mallory Spoof");
    const watcher = await member(ctx, roomId, "Walter Watch");
    const o = await synced(roomId, owner);
    o.setAwarenessField("user", { id: owner.user.id, name: "Olive", color: userColor(owner.user.id) });
    const w = await synced(roomId, watcher);
    const m = await synced(roomId, mallory);
    m.setAwarenessField("user", { id: owner.user.id, name: "Olive", color: userColor(owner.user.id) });
    const seen = (clientId: number) => w.awareness!.getStates().get(clientId)?.user as { id: string; name: string; color: string } | undefined;
    await until(() => seen(m.document.clientID) !== undefined && seen(o.document.clientID) !== undefined, 5000, "both states at the watcher");
    expect(seen(m.document.clientID)).toEqual({ id: mallory.user.id, name: "Mallory", color: userColor(mallory.user.id) });
    expect(seen(o.document.clientID)).toEqual({ id: owner.user.id, name: "Olive", color: userColor(owner.user.id) });

    // A state for the owner's client id with a newer clock: the owner's cursor would become Mallory's.
    const ownerClock = w.awareness!.meta.get(o.document.clientID)!.clock;
    const hijack = frame(roomId, AWARENESS, (e) => {
      const update = encoding.createEncoder();
      encoding.writeVarUint(update, 1);
      encoding.writeVarUint(update, o.document.clientID);
      encoding.writeVarUint(update, ownerClock + 5);
      encoding.writeVarString(update, JSON.stringify({ user: { id: owner.user.id, name: "Olive" }, selection: null }));
      encoding.writeVarUint8Array(e, encoding.toUint8Array(update));
    });
    m.configuration.websocketProvider.send(hijack);
    await until(() => connectionsOf(roomId).length === 2, 5000, "the hijacker's connection closed");
    expect(ctx.realtime.collab.hocuspocus.documents.get(roomId)!.awareness.meta.get(o.document.clientID)!.clock).toBe(ownerClock);
  });
});

describe("one guessing budget for every way into a room", () => {
  it("25 unknown IDs on /collab: throttled, then even a real room is refused, and REST join answers 429 too", async () => {
    const { roomId, owner } = await roomWithOwner(ctx);
    const guesser = await person(ctx);
    const codes: string[] = [];
    for (let i = 0; i < 25; i += 1) codes.push((await open(unknownId(), guesser)).refusal!.code);
    expect(codes.slice(0, 20).every((c) => c === "room_not_found")).toBe(true);
    expect(codes.slice(20)).toEqual(Array(5).fill("rate_limited"));
    const real = await open(roomId, guesser);
    expect(real.refusal).toMatchObject({ code: "rate_limited", message: expect.stringContaining("Too many attempts") });
    expect((await guesser.agent.get(`/rooms/join/${roomId}`)).status).toBe(429);
    // Members are never throttled.
    expect((await open(roomId, owner)).refusal).toBeUndefined();
  });

  it("/editor join counts against the same budget", async () => {
    const { roomId } = await roomWithOwner(ctx);
    const guesser = await person(ctx);
    for (let i = 0; i < 20; i += 1) expect((await guesser.agent.get(`/rooms/join/${unknownId()}`)).status).toBe(404);
    const refused = await joined(ctx, guesser, roomId).catch((err: Error) => err.message);
    expect(refused).toContain("rate_limited");
  });
});

describe("only members open a document", () => {
  it("a user who never joined is refused on /collab; after GET /rooms/join or the /editor join they may open it", async () => {
    const { roomId } = await roomWithOwner(ctx);
    const visitor = await person(ctx);
    expect((await open(roomId, visitor)).refusal).toMatchObject({ code: "room_not_found" });
    expect((await visitor.agent.get(`/rooms/join/${roomId}`)).status).toBe(200);
    expect((await open(roomId, visitor)).refusal).toBeUndefined();

    const socketJoiner = await person(ctx);
    sockets.push(await joined(ctx, socketJoiner, roomId));
    expect((await open(roomId, socketJoiner)).refusal).toBeUndefined();
  });
});

describe("presence", () => {
  it("a user connected only through /collab is in the users list, and leaves it when the connection closes", async () => {
    const { roomId, owner } = await roomWithOwner(ctx);
    const bob = await member(ctx, roomId, "Bob Collab");
    const o = await joined(ctx, owner, roomId);
    sockets.push(o);
    const arrived = nextEvent<{ userName: string; users: TRoomUser[] }>(o, "userJoined");
    const b = await synced(roomId, bob);
    const joinedEvent = await arrived;
    expect(joinedEvent.userName).toBe("Bob");
    expect(joinedEvent.users.map((u) => u.id).sort()).toEqual([owner.user.id, bob.user.id].sort());
    const late = await member(ctx, roomId);
    const lateSocket = await joined(ctx, late, roomId);
    sockets.push(lateSocket);
    const left = nextEvent<{ userName: string; users: TRoomUser[] }>(o, "userLeft");
    closeCollab(providers.splice(providers.indexOf(b), 1)[0]!);
    const leftEvent = await left;
    expect(leftEvent.userName).toBe("Bob");
    expect(leftEvent.users.map((u) => u.id).sort()).toEqual([owner.user.id, late.user.id].sort());
  });

  it("the owner can kick a user who is in the room only through /collab", async () => {
    const { roomId, owner } = await roomWithOwner(ctx);
    const bob = await member(ctx, roomId, "Bob Collab");
    const o = await joined(ctx, owner, roomId);
    sockets.push(o);
    const arrived = nextEvent(o, "userJoined");
    await synced(roomId, bob);
    await arrived;
    const left = nextEvent<{ userName: string }>(o, "userLeft");
    expect(await emitAck(o, "kickCall", bob.user.id)).toMatchObject({ ok: true });
    expect((await left).userName).toBe("Bob");
    await until(() => connectionsOf(roomId).length === 0, 5000, "bob's connection closed");
  });
});
