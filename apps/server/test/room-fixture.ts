import type { Socket } from "socket.io-client";
import { loggedInUser } from "./factories";
import { connected, editorClient, emitAck, type RealtimeTestContext } from "./realtime-harness";
import { createRoomAs } from "./room-test-helpers";

/** A logged-in user with a session token, ready to open sockets. */
export async function person(ctx: RealtimeTestContext, fullName = "Test User") {
  const { user, agent } = await loggedInUser(ctx, { fullName });
  return { user, agent, token: agent.cookie! };
}

export type Person = Awaited<ReturnType<typeof person>>;

/** A new user who joined the room through GET /rooms/join (a member: may open its document on /collab). */
export async function member(ctx: RealtimeTestContext, roomId: string, fullName = "Test User") {
  const who = await person(ctx, fullName);
  const res = await who.agent.get(`/rooms/join/${roomId}`);
  if (res.status !== 200) throw new Error(`join refused: ${res.status}`);
  return who;
}

/** A room owned by a new user; returns its id and the owner. */
export async function roomWithOwner(ctx: RealtimeTestContext, ownerName = "Olive Owner") {
  const owner = await person(ctx, ownerName);
  const roomId = await createRoomAs(owner.agent);
  return { roomId, owner };
}

/** An authenticated, connected `/editor` socket (closed by the caller). */
export async function socketOf(ctx: RealtimeTestContext, who: Person, opts: { reconnection?: boolean } = {}): Promise<Socket> {
  const socket = editorClient(ctx.url, who.token, opts);
  await connected(socket);
  return socket;
}

/** A socket joined to the room the way our client joins (with a tabId and an ack). */
export async function joined(ctx: RealtimeTestContext, who: Person, roomId: string, tabId: string = `tab-${Math.random()}`) {
  const socket = await socketOf(ctx, who);
  const ack = await emitAck(socket, "join", { roomId, tabId });
  if (!ack.ok) throw new Error(`join refused: ${JSON.stringify(ack)}`);
  return socket;
}

/** A socket joined the way the original client joins (no tabId, no ack; payload identity ignored). */
export async function legacyJoined(ctx: RealtimeTestContext, who: Person, roomId: string) {
  const socket = await socketOf(ctx, who);
  const users = new Promise((resolve) => socket.once("updateUsers", resolve));
  socket.emit("join", { roomId, userId: "spoofed", userName: "Mallory", avatar: "http://evil/x.png" });
  await users;
  return socket;
}
