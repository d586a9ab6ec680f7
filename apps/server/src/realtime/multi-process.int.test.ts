import { afterAll, beforeAll, expect, it } from "vitest";
import { collabTextName } from "@coderoom/shared/schemas/realtime";
import { closeCollab, collabClient, connected, editorClient, emitAck, nextEvent, until } from "../../test/realtime-harness";
import { sharedPostgresAndRedis, type SharedInfra } from "../../test/cluster-infra";

// Two server processes on one Redis and one PostgreSQL (CI has both; locally they may be absent).
let cluster: SharedInfra;
let skipReason: string | null = null;

beforeAll(async () => {
  cluster = await sharedPostgresAndRedis();
  skipReason = cluster.skipReason;
  if (skipReason) console.warn(`SKIPPED two-process realtime test: ${skipReason}`);
});

afterAll(() => cluster?.close());

it("a room spans two processes: documents converge, presence and kicks cross", async (t) => {
  if (skipReason) return t.skip();
  const first = await cluster.start({ SEED_USERS: "3", SEED_ROOMS: "1", SEED_CODE: "shared\n" });
  const second = await cluster.start({});
  const [ownerToken, bobToken, carolToken] = first.tokens;
  const roomId = first.roomIds[0]!;
  const url1 = first.url;
  const url2 = second.url;

  const a = collabClient(url1, roomId, ownerToken);
  const b = collabClient(url2, roomId, bobToken);
  await until(() => a.isSynced && b.isSynced, 15_000, "providers synced");
  a.document.getText(collabTextName).insert(0, "from process 1\n");
  b.document.getText(collabTextName).insert(b.document.getText(collabTextName).length, "from process 2\n");
  const textOf = (p: typeof a) => p.document.getText(collabTextName).toString();
  await until(() => textOf(a) === textOf(b) && textOf(a).includes("from process 1") && textOf(a).includes("from process 2"), 10_000, "cross-process convergence");

  const owner = editorClient(url1, ownerToken);
  const carol = editorClient(url2, carolToken);
  await Promise.all([connected(owner), connected(carol)]);
  // Bob is in the room only through /collab, on the other process: still in process 1's users list.
  const ownerJoin = await emitAck(owner, "join", { roomId, tabId: "owner-tab" });
  expect(ownerJoin.data.users).toHaveLength(2);
  const joinedSeen = nextEvent<{ users: { id: string }[] }>(owner, "userJoined", 10_000);
  const carolJoin = await emitAck(carol, "join", { roomId, tabId: "carol-tab" });
  expect(carolJoin.data.users).toHaveLength(3);
  expect((await joinedSeen).users).toHaveLength(3);
  const carolId = carolJoin.data.users.find((u: { id: string }) => !ownerJoin.data.users.some((o: { id: string }) => o.id === u.id)).id as string;
  const kicked = nextEvent(carol, "IAMKICKED", 10_000);
  const left = nextEvent(owner, "userLeft", 10_000);
  expect(await emitAck(owner, "kickCall", carolId)).toMatchObject({ ok: true });
  await kicked;
  await left;
  owner.close();
  carol.close();
  closeCollab(a);
  closeCollab(b);
}, 120_000);
