import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { HocuspocusProvider } from "@hocuspocus/provider";
import { eq } from "drizzle-orm";
import { collabTextName, roomEvents, type TRoomError } from "@coderoom/shared/schemas/realtime";
import { closeCollab, collabClient, createRealtimeTestApp, nextEvent, until, type RealtimeTestContext } from "../../../test/realtime-harness";
import { rooms } from "../../db/schema/rooms";
import { storeVersion } from "../../modules/versions/version-store";
import { legacyJoined, member, roomWithOwner } from "../../../test/room-fixture";

/*
 * Issue 41 §3-4: /collab's rate limit (here 20 messages a second, a burst of 100, per
 * connection) and the document cap (here 2,000 characters) on every path that writes code.
 */
const MAX_CHARS = 2000;
let ctx: RealtimeTestContext;
const providers: HocuspocusProvider[] = [];
beforeAll(async () => {
  ctx = await createRealtimeTestApp({ COLLAB_MESSAGES_PER_SECOND: "20", COLLAB_MAX_DOC_CHARS: String(MAX_CHARS) });
});
afterEach(() => {
  while (providers.length) closeCollab(providers.pop()!);
});
afterAll(() => ctx?.close());

function provider(roomId: string, token: string, told: string[] = []) {
  const p = collabClient(ctx.url, roomId, token, { provider: { onStateless: ({ payload }) => told.push(payload) } });
  providers.push(p);
  return p;
}
const textOf = (p: HocuspocusProvider) => p.document.getText(collabTextName);
const synced = (p: HocuspocusProvider) => until(() => p.isSynced, 5000, "provider synced");
const codes = (told: string[]) => told.map((t) => (JSON.parse(t) as { code?: string }).code);
const connectedUsers = (roomId: string) =>
  (ctx.realtime.collab.hocuspocus.documents.get(roomId)?.getConnections() ?? []).map((c) => (c.context as { userId: string }).userId);

/** A room anyone may edit, its owner and a second writer. */
async function sharedRoom() {
  const { roomId, owner } = await roomWithOwner(ctx);
  expect((await owner.agent.put(`/rooms/update/${roomId}`, { anyoneCanEdit: true })).status).toBe(200);
  return { roomId, owner, other: await member(ctx, roomId, "Other Writer") };
}

describe("/collab rate limit", () => {
  it("tells a flooding connection, closes it and drops the flood, while another keeps editing", async () => {
    const { roomId, owner, other } = await sharedRoom();
    const floodTold: string[] = [];
    const flooder = provider(roomId, owner.token, floodTold);
    const writer = provider(roomId, other.token);
    await Promise.all([synced(flooder), synced(writer)]);

    for (let i = 0; i < 1000; i += 1) textOf(flooder).insert(0, "a");
    await until(() => codes(floodTold).includes("rate_limited"), 5000, "the rate_limited notice");
    await until(() => !connectedUsers(roomId).includes(owner.user.id), 5000, "the flooder closed");

    textOf(writer).insert(textOf(writer).length, "<still editing>");
    await until(async () => (await ctx.realtime.collab.text(roomId)).includes("<still editing>"), 5000, "the writer's edit");
    // Frames read together with the one over the limit are dropped with it, so how much of the
    // flood lands depends on how the server's reads split it (none, if it came in one read).
    const applied = [...(await ctx.realtime.collab.text(roomId))].filter((c) => c === "a").length;
    expect(applied).toBeLessThan(1000);
  });

  it("counts a user's connections together: three each under their own limit are over the user's", async () => {
    const { roomId, owner } = await sharedRoom();
    const told: string[][] = [[], [], []];
    const tabs = told.map((t) => provider(roomId, owner.token, t));
    await Promise.all(tabs.map(synced));
    // 80 updates each: under a connection's burst of 100, over the user's 200 together.
    for (const tab of tabs) for (let i = 0; i < 80; i += 1) textOf(tab).insert(0, "t");
    await until(() => told.some((t) => codes(t).includes("rate_limited")), 5000, "a rate_limited notice");
  });
});

describe("document size cap", () => {
  it("refuses a live edit that would pass the cap and tells the writer; smaller edits still apply", async () => {
    const { roomId, owner, other } = await sharedRoom();
    const told: string[] = [];
    const big = provider(roomId, owner.token, told);
    const writer = provider(roomId, other.token);
    await Promise.all([synced(big), synced(writer)]);
    const room = 10;
    textOf(big).insert(0, "x".repeat(MAX_CHARS - textOf(big).length - room));
    await until(async () => (await ctx.realtime.collab.text(roomId)).length === MAX_CHARS - room, 5000, "the fitting edit");

    textOf(big).insert(0, "@".repeat(room + 1));
    await until(() => codes(told).includes("document_too_large"), 5000, "the document_too_large notice");
    expect(await ctx.realtime.collab.text(roomId)).not.toContain("@");

    textOf(writer).insert(0, "z".repeat(room));
    await until(async () => (await ctx.realtime.collab.text(roomId)).length === MAX_CHARS, 5000, "an edit up to the cap");
  });

  it("refuses a legacy codeChange whose merge would pass the cap, and sends the live text back", async () => {
    const { roomId, owner } = await roomWithOwner(ctx);
    const socket = await legacyJoined(ctx, owner, roomId);
    const live = await ctx.realtime.collab.text(roomId);
    const error = nextEvent<TRoomError>(socket, roomEvents.error);
    const update = nextEvent<string>(socket, "codeUpdate");
    socket.emit("codeChange", { code: live + "w".repeat(MAX_CHARS) });
    expect(await error).toMatchObject({ event: "codeChange", code: "document_too_large" });
    expect(await update).toBe(live);
    expect(await ctx.realtime.collab.text(roomId)).toBe(live);
    socket.close();
  });

  it("refuses Save Code, a version save and a version restore over the cap (413 document_too_large)", async () => {
    const { roomId, owner } = await roomWithOwner(ctx);
    const tooLong = "v".repeat(MAX_CHARS + 1);
    const save = await owner.agent.put(`/rooms/update/${roomId}`, { code: tooLong });
    expect(save.status).toBe(413);
    expect(save.body).toMatchObject({ success: false, code: "document_too_large" });

    const version = await storeVersion(ctx.deps.db.db, {
      roomId,
      name: "From before the cap",
      code: tooLong,
      author: { id: owner.user.id, name: owner.user.fullName },
      now: new Date(),
    });
    const restore = await owner.agent.post(`/rooms/${roomId}/versions/${version.id}/restore`);
    expect(restore.status).toBe(413);
    expect(restore.body).toMatchObject({ code: "document_too_large" });

    // A room whose stored code is already longer (saved before the cap was lowered).
    const { roomId: older, owner: olderOwner } = await roomWithOwner(ctx);
    await ctx.deps.db.db.update(rooms).set({ code: tooLong }).where(eq(rooms.id, older));
    const saveVersion = await olderOwner.agent.post(`/rooms/${older}/versions`, { name: "Too long" });
    expect(saveVersion.status).toBe(413);
    expect(saveVersion.body).toMatchObject({ code: "document_too_large" });
  });
});
