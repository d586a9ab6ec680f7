import { spawn, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import readline from "node:readline";
import { fileURLToPath } from "node:url";
import IORedis from "ioredis";
import pg from "pg";
import { afterAll, beforeAll, expect, it } from "vitest";
import { collabTextName } from "@coderoom/shared/schemas/realtime";
import { closeCollab, collabClient, connected, editorClient, emitAck, nextEvent, until } from "../../test/realtime-harness";

// Two server processes on one Redis and one PostgreSQL (CI has both; locally they may be absent).
const redisUrl = process.env.TEST_REDIS_URL ?? "redis://127.0.0.1:6379";
const pgUrl = process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";
const childScript = fileURLToPath(new URL("../../test/realtime-server-child.ts", import.meta.url));
const children: ChildProcess[] = [];
let skipReason: string | null = null;
let dbUrl = "";
const dbName = `coderoom_mp_${randomBytes(5).toString("hex")}`;

beforeAll(async () => {
  try {
    const redis = new IORedis(redisUrl, { lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null });
    await redis.connect();
    await redis.ping();
    redis.disconnect();
    const admin = new pg.Client({ connectionString: pgUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${dbName}`);
    await admin.end();
    const u = new URL(pgUrl);
    u.pathname = `/${dbName}`;
    dbUrl = u.toString();
  } catch (err) {
    skipReason = `Redis (${redisUrl}) or PostgreSQL (${pgUrl}) is not available: ${(err as Error).message}`;
    console.warn(`SKIPPED two-process realtime test: ${skipReason}`);
  }
});

afterAll(async () => {
  for (const c of children) c.kill("SIGKILL");
  if (dbUrl) {
    const admin = new pg.Client({ connectionString: pgUrl });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
    await admin.end();
  }
});

function startServer(env: Record<string, string>): Promise<{ port: number; tokens: string[]; roomIds: string[] }> {
  const child = spawn(process.execPath, ["--import", "tsx", childScript], {
    env: { ...process.env, DATABASE_URL: dbUrl, REDIS_URL: redisUrl, ...env },
    stdio: ["ignore", "pipe", "inherit"],
  });
  children.push(child);
  return new Promise((resolve, reject) => {
    readline.createInterface({ input: child.stdout! }).once("line", (line) => resolve(JSON.parse(line)));
    child.once("exit", (code) => reject(new Error(`server exited early (${code})`)));
  });
}

it("a room spans two processes: documents converge, presence and kicks cross", async (t) => {
  if (skipReason) return t.skip();
  const first = await startServer({ SEED_USERS: "3", SEED_ROOMS: "1", SEED_CODE: "shared\n" });
  const second = await startServer({});
  const [ownerToken, bobToken, carolToken] = first.tokens;
  const roomId = first.roomIds[0]!;
  const url1 = `http://127.0.0.1:${first.port}`;
  const url2 = `http://127.0.0.1:${second.port}`;

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
