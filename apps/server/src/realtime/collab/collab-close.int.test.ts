import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, expect, it } from "vitest";
import { collabTextName } from "@coderoom/shared/schemas/realtime";
import { closeCollab, collabClient, createRealtimeTestApp, until, type RealtimeTestContext } from "../../../test/realtime-harness";
import { roomWithOwner } from "../../../test/room-fixture";
import { servicesUnavailable, sharedRedisUrl } from "../../../test/test-services";

// Two processes of one deployment, in this one: one database and one Redis prefix between them.
let skipReason: string | null = null;
let staying: RealtimeTestContext;
let leaving: RealtimeTestContext;

beforeAll(async () => {
  skipReason = await servicesUnavailable({ redisUrl: sharedRedisUrl });
  if (skipReason) {
    console.warn(`SKIPPED collab close with Redis: ${skipReason}`);
    return;
  }
  const env = { REDIS_URL: sharedRedisUrl, REDIS_PREFIX: `collab-close-${randomBytes(4).toString("hex")}` };
  staying = await createRealtimeTestApp(env);
  // On the other's database: its close leaves the database open, as a stopping process does.
  leaving = await createRealtimeTestApp(env, { db: staying.deps.db });
});
afterAll(() => staying?.close());

it("a process closing while another types in the room lets go of the document before its Redis connections: no rejection, nothing left loaded", async (t) => {
  if (skipReason) return t.skip();
  const { roomId, owner } = await roomWithOwner(staying);
  // Dropped by the close, this tab goes rather than retry a process that stopped listening.
  const onLeaving = collabClient(leaving.url, roomId, owner.token, { socket: { onClose: () => closeCollab(onLeaving) } });
  const onStaying = collabClient(staying.url, roomId, owner.token);
  await until(() => onLeaving.isSynced && onStaying.isSynced, 10_000, "providers synced");
  // Every keystroke on the other process reaches the closing one through Redis, which answers it.
  let typed = 0;
  const typing = setInterval(() => {
    onStaying.document.getText(collabTextName).insert(0, `s${typed};`);
    typed += 1;
  }, 5);
  const rejections: unknown[] = [];
  const onRejection = (reason: unknown) => rejections.push(reason);
  process.on("unhandledRejection", onRejection);
  try {
    await until(() => typed > 20, 10_000, "typing");
    // As a drain does: listening stops, then everything closes.
    leaving.app.server.close();
    await leaving.close();
    const closedAt = typed;
    await until(() => typed > closedAt + 100, 10_000, "typing after the close");
    expect(leaving.realtime.collab.hocuspocus.documents.size).toBe(0);
    expect(rejections).toEqual([]);
  } finally {
    clearInterval(typing);
    process.off("unhandledRejection", onRejection);
    closeCollab(onLeaving);
    closeCollab(onStaying);
  }
}, 60_000);
