import http from "node:http";
import { randomBytes } from "node:crypto";
import { createAdapter } from "@socket.io/redis-streams-adapter";
import IORedis from "ioredis";
import { Server } from "socket.io";
import { afterAll, beforeAll, expect, it } from "vitest";
import { createCluster, type Cluster, type ClusterQueries } from "./cluster";
import type { EditorNamespace } from "./editor/editor-extension";

// cluster.ts relies on Socket.IO's server-side emit: with the Redis streams adapter it reaches
// every other process but not the emitting one (broadcast runs the local handler itself), and
// serverSideEmitWithAck collects the others' answers only.

const redisUrl = process.env.TEST_REDIS_URL ?? "redis://127.0.0.1:6379";
const stream = `coderoom-cluster-test-${randomBytes(4).toString("hex")}`;
const clients: IORedis[] = [];
const servers: Server[] = [];
let skipReason: string | null = null;

function node(): { cluster: Cluster; kicks: string[] } {
  const client = new IORedis(redisUrl, { maxRetriesPerRequest: 1 });
  clients.push(client);
  const io = new Server(http.createServer(), { adapter: createAdapter(client, { streamName: stream, channelPrefix: stream, sessionKeyPrefix: `${stream}:s:` }) });
  servers.push(io);
  const cluster = createCluster(io.of("/editor") as unknown as EditorNamespace, { distributed: true, onError: (err) => { throw err; } });
  const kicks: string[] = [];
  cluster.on("kick", ({ userId }) => kicks.push(userId));
  return { cluster, kicks };
}

beforeAll(async () => {
  const probe = new IORedis(redisUrl, { lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null });
  try {
    await probe.connect();
    await probe.ping();
  } catch (err) {
    skipReason = `Redis (${redisUrl}) is not available: ${(err as Error).message}`;
    console.warn(`SKIPPED cluster test: ${skipReason}`);
  } finally {
    probe.disconnect();
  }
});
afterAll(async () => {
  for (const io of servers) await Promise.resolve(io.of("/editor").adapter.close());
  for (const io of servers) io.close();
  for (const client of clients) client.disconnect();
  if (!skipReason) {
    const admin = new IORedis(redisUrl);
    await admin.del(stream);
    admin.disconnect();
  }
});

const until = async (check: () => boolean) => {
  while (!check()) await new Promise((resolve) => setTimeout(resolve, 20));
};

it("runs a broadcast once on every process, and asks only the others", async (t) => {
  if (skipReason) return t.skip();
  const a = node();
  const b = node();
  b.cluster.answer("collabMembers", ({ roomId }) => [{ id: `b:${roomId}`, data: {} as never }]);
  a.cluster.answer("collabMembers", ({ roomId }) => [{ id: `a:${roomId}`, data: {} as never }]);
  // Until the adapters have heard each other's heartbeat, A knows of no other process.
  let answers: Array<ClusterQueries["collabMembers"]["answer"]> = [];
  while (answers.length === 0) answers = await a.cluster.ask("collabMembers", { roomId: "R1" });
  expect(answers.flat().map((m) => m.id)).toEqual(["b:R1"]);
  a.cluster.broadcast("kick", { roomId: "R1", userId: "u1" });
  a.cluster.broadcast("kick", { roomId: "R1", userId: "u2" });
  await until(() => b.kicks.length === 2);
  // After a round trip through Redis (the ask), a self-delivered copy would have arrived too.
  await a.cluster.ask("collabMembers", { roomId: "R2" });
  expect(a.kicks).toEqual(["u1", "u2"]);
  expect(b.kicks).toEqual(["u1", "u2"]);
});

