import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { HocuspocusProvider, onMessageParameters } from "@hocuspocus/provider";
import { count, eq } from "drizzle-orm";
import * as decoding from "lib0/decoding";
import WebSocket from "ws";
import { collabTextName } from "@coderoom/shared/schemas/realtime";
import { closeCollab, collabClient, cookieOf, createRealtimeTestApp, until, type RealtimeTestContext } from "../../../test/realtime-harness";
import { roomDocSnapshots, roomDocUpdates } from "../../db/schema/collab";
import { rooms } from "../../db/schema/rooms";
import { compactDoc } from "./doc-store";
import { legacyJoined, member, person, roomWithOwner } from "../../../test/room-fixture";

let ctx: RealtimeTestContext;
const providers: HocuspocusProvider[] = [];
beforeAll(async () => {
  ctx = await createRealtimeTestApp();
});
afterEach(() => {
  while (providers.length) closeCollab(providers.pop()!);
});
afterAll(() => ctx?.close());

const textOf = (p: HocuspocusProvider) => p.document.getText(collabTextName);
function provider(roomId: string, token: string | undefined, stateless?: string[]) {
  const p = collabClient(ctx.url, roomId, token, { provider: { onStateless: ({ payload }) => stateless?.push(payload) } });
  providers.push(p);
  return p;
}
const synced = (p: HocuspocusProvider) => until(() => p.isSynced, 5000, "provider synced");
const connectionsOf = (roomId: string) => ctx.realtime.collab.hocuspocus.documents.get(roomId)?.getConnections() ?? [];

/** The HTTP status the /collab upgrade answers with these headers. */
function upgradeStatus(headers: Record<string, string>): Promise<number> {
  return new Promise((resolve) => {
    const ws = new WebSocket(`${ctx.url.replace("http", "ws")}/collab`, { headers });
    ws.on("open", () => {
      ws.close();
      resolve(101);
    });
    ws.on("unexpected-response", (_req, res) => resolve(res.statusCode ?? 0));
    ws.on("error", () => undefined);
  });
}

describe("/collab handshake", () => {
  it("refuses an upgrade without a session, with a forged one, or from another site", async () => {
    const who = await person(ctx);
    expect(await upgradeStatus({})).toBe(401);
    expect(await upgradeStatus({ cookie: cookieOf("forged") })).toBe(401);
    expect(await upgradeStatus({ cookie: cookieOf(who.token), origin: "https://evil.example" })).toBe(403);
    expect(await upgradeStatus({ cookie: cookieOf(who.token) })).toBe(101);
  });

  it("refuses a document that is not an existing room", async () => {
    const who = await person(ctx);
    const failed: string[] = [];
    const p = collabClient(ctx.url, "NOROOM", who.token, { provider: { onAuthenticationFailed: ({ reason }) => failed.push(reason) } });
    providers.push(p);
    await until(() => failed.length > 0, 5000, "authentication failure");
    expect(ctx.realtime.collab.hocuspocus.documents.has("NOROOM")).toBe(false);
  });
});

describe("live document", () => {
  it("syncs edits between writers and starts from the room's saved code", async () => {
    const { roomId, owner } = await roomWithOwner(ctx);
    const saved = (await owner.agent.get(`/rooms/join/${roomId}`)).body.data.code as string;
    const a = provider(roomId, owner.token);
    await synced(a);
    expect(textOf(a).toString()).toBe(saved);
    expect((await owner.agent.put(`/rooms/update/${roomId}`, { anyoneCanEdit: true })).status).toBe(200);
    const bob = await member(ctx, roomId);
    const b = provider(roomId, bob.token);
    await synced(b);
    textOf(a).insert(0, "A");
    textOf(b).insert(textOf(b).length, "B");
    await until(() => textOf(a).toString() === textOf(b).toString() && textOf(a).length === saved.length + 2);
    expect(textOf(a).toString()).toBe(`A${saved}B`);
  });

  // Hocuspocus sends each update to its sender too; CollabSocket drops that echo.
  it("sends an update once to every other connection of the room, and not back to its sender", async () => {
    const { roomId, owner } = await roomWithOwner(ctx);
    expect((await owner.agent.put(`/rooms/update/${roomId}`, { anyoneCanEdit: true })).status).toBe(200);
    const bob = await member(ctx, roomId);
    // Document updates (sync message, step 2 = update) each connection received.
    const updates = { a: 0, b: 0 };
    const counting = (who: keyof typeof updates) => ({
      onMessage: ({ event }: onMessageParameters) => {
        const d = decoding.createDecoder(new Uint8Array(event.data as ArrayBuffer));
        decoding.readVarString(d);
        if (decoding.readVarUint(d) === 0 && decoding.readVarUint(d) === 2) updates[who] += 1;
      },
    });
    const a = collabClient(ctx.url, roomId, owner.token, { provider: counting("a") });
    const b = collabClient(ctx.url, roomId, bob.token, { provider: counting("b") });
    providers.push(a, b);
    await Promise.all([synced(a), synced(b)]);
    for (const ch of "abc") textOf(a).insert(0, ch);
    await until(() => textOf(b).toString().startsWith("cba") && a.unsyncedChanges === 0 && updates.b >= 3);
    await new Promise((r) => setTimeout(r, 200));
    expect(updates).toEqual({ a: 0, b: 3 });
  });

  it("drops a view-only writer's updates and tells it; anyoneCanEdit applies at once", async () => {
    const { roomId, owner } = await roomWithOwner(ctx);
    const a = provider(roomId, owner.token);
    const bob = await member(ctx, roomId);
    const told: string[] = [];
    const b = provider(roomId, bob.token, told);
    await Promise.all([synced(a), synced(b)]);
    expect(b).toBe(providers[providers.length - 1]);
    expect(told.map((t) => JSON.parse(t))).toContainEqual({ type: "permissions", canWrite: false });
    const before = textOf(a).toString();
    textOf(b).insert(0, "NOPE");
    await until(() => told.some((t) => JSON.parse(t).type === "readOnly"), 10_000, "readOnly notice");
    expect(JSON.parse(told.find((t) => JSON.parse(t).type === "readOnly")!)).toMatchObject({ code: "room_read_only" });
    expect(textOf(a).toString()).toBe(before);
    expect(await ctx.realtime.collab.text(roomId)).toBe(before);
    // A refused client's copy has diverged; it must start over from the server's (ours does).
    closeCollab(providers.pop()!);
    const toldAgain: string[] = [];
    const fresh = provider(roomId, bob.token, toldAgain);
    await synced(fresh);
    expect(textOf(fresh).toString()).toBe(before);
    expect((await owner.agent.put(`/rooms/update/${roomId}`, { anyoneCanEdit: true })).status).toBe(200);
    await until(() => toldAgain.some((t) => JSON.stringify(JSON.parse(t)) === JSON.stringify({ type: "permissions", canWrite: true })));
    textOf(fresh).insert(0, "YES");
    await until(() => textOf(a).toString().startsWith("YES"), 10_000, "the edit to arrive");
  });

  it("refuses a message over the 512 KB code cap without applying it", async () => {
    const { roomId, owner } = await roomWithOwner(ctx);
    const told: string[] = [];
    const a = provider(roomId, owner.token, told);
    await synced(a);
    const before = await ctx.realtime.collab.text(roomId);
    textOf(a).insert(0, "x".repeat(600 * 1024));
    await until(() => told.some((t) => JSON.parse(t).code === "payload_too_large"), 5000, "the refusal");
    await until(() => connectionsOf(roomId).length === 0, 5000, "the connection closed");
    expect(await ctx.realtime.collab.text(roomId)).toBe(before);
  });

  it("closes the /collab connection of a kicked user and of a revoked session", async () => {
    const { roomId, owner } = await roomWithOwner(ctx);
    const bob = await person(ctx);
    const carol = await member(ctx, roomId);
    const o = await legacyJoined(ctx, owner, roomId);
    const b = await legacyJoined(ctx, bob, roomId);
    provider(roomId, bob.token);
    provider(roomId, carol.token);
    await until(() => connectionsOf(roomId).length === 2, 5000, "two connections");
    o.emit("kickCall", bob.user.id);
    await until(() => connectionsOf(roomId).every((c) => (c.context as { userId: string }).userId !== bob.user.id), 10_000, "kicked user's connection closed");
    await carol.agent.get("/users/logout");
    await until(() => connectionsOf(roomId).length === 0, 10_000, "revoked session's connection closed");
    o.close();
    b.close();
  });
});

describe("room deleted", () => {
  it("closes every /collab connection of the room and drops its document", async () => {
    const { roomId, owner } = await roomWithOwner(ctx);
    const bob = await member(ctx, roomId);
    provider(roomId, owner.token);
    provider(roomId, bob.token);
    await until(() => connectionsOf(roomId).length === 2, 5000, "two connections");
    expect((await owner.agent.delete(`/rooms/delete/${roomId}`)).status).toBe(200);
    await until(() => !ctx.realtime.collab.hocuspocus.documents.has(roomId), 10_000, "document dropped");
  });
});

describe("persistence", () => {
  it("answers GET /rooms/join with the live text, mirrors it into rooms.code, and reloads the document from the log after it was unloaded", async () => {
    const { roomId, owner } = await roomWithOwner(ctx);
    const a = provider(roomId, owner.token);
    await synced(a);
    textOf(a).insert(0, "// persisted\n");
    const want = textOf(a).toString();
    await until(async () => (await owner.agent.get(`/rooms/join/${roomId}`)).body.data.code === want, 10_000, "GET /rooms/join to return the live text");
    await ctx.realtime.collab.flush();
    const [row] = await ctx.deps.db.db.select({ code: rooms.code }).from(rooms).where(eq(rooms.id, roomId));
    expect(row?.code).toBe(want);
    closeCollab(providers.pop()!);
    await until(() => !ctx.realtime.collab.hocuspocus.documents.has(roomId), 10_000, "document unloaded");
    await ctx.realtime.collab.flush();
    const again = provider(roomId, owner.token);
    await synced(again);
    expect(textOf(again).toString()).toBe(want);
  });

  it("folds the update log into a snapshot without changing the text", async () => {
    const { roomId, owner } = await roomWithOwner(ctx);
    const a = provider(roomId, owner.token);
    await synced(a);
    for (let i = 0; i < 50; i += 1) textOf(a).insert(textOf(a).length, `${i},`);
    const want = textOf(a).toString();
    await until(async () => (await ctx.realtime.collab.text(roomId)) === want);
    await ctx.realtime.collab.flush();
    const { db } = ctx.deps.db;
    const logRows = async () => (await db.select({ n: count() }).from(roomDocUpdates).where(eq(roomDocUpdates.roomId, roomId)))[0]!.n;
    expect(await logRows()).toBeGreaterThan(1);
    expect(await compactDoc(db, roomId)).toBeGreaterThan(1);
    expect(await logRows()).toBe(0);
    expect(await db.select().from(roomDocSnapshots).where(eq(roomDocSnapshots.roomId, roomId))).toHaveLength(1);
    closeCollab(providers.pop()!);
    await until(() => !ctx.realtime.collab.hocuspocus.documents.has(roomId), 10_000, "document unloaded");
    const again = provider(roomId, owner.token);
    await synced(again);
    expect(textOf(again).toString()).toBe(want);
  });
});
