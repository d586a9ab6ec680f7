// What tests and the cluster bench need from outside: a fresh PostgreSQL database, a reason
// to skip when a service or binary is missing, and server processes of
// test/realtime-server-child.ts. One place for each (test-app.ts, cluster-infra.ts, cluster-harness.ts).
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import readline from "node:readline";
import { fileURLToPath } from "node:url";
import IORedis from "ioredis";
import pg from "pg";
import { openDb } from "../src/db/client";
import { migrate } from "../src/db/migrate";

/** The PostgreSQL server the tests make their databases on. */
export const adminDbUrl = process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";
/** The Redis the tests share (each file with a key prefix of its own). */
export const sharedRedisUrl = process.env.TEST_REDIS_URL ?? process.env.REDIS_URL ?? "redis://127.0.0.1:6379";
const childScript = fileURLToPath(new URL("./realtime-server-child.ts", import.meta.url));

/** Why a multi-process test cannot run here (a missing binary, Redis or PostgreSQL), or null. */
export async function servicesUnavailable(need: { binaries?: string[]; redisUrl?: string }): Promise<string | null> {
  for (const bin of need.binaries ?? []) {
    if (spawnSync(bin, ["-v"], { stdio: "ignore" }).error) return `${bin} is not installed`;
  }
  if (need.redisUrl) {
    const redis = new IORedis(need.redisUrl, { lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null });
    redis.on("error", () => undefined);
    try {
      await redis.connect();
      await redis.ping();
    } catch (err) {
      return `Redis at ${need.redisUrl} is not available: ${(err as Error).message}`;
    } finally {
      redis.disconnect();
    }
  }
  const admin = new pg.Client({ connectionString: adminDbUrl });
  try {
    await admin.connect();
    await admin.query("SELECT 1");
    return null;
  } catch (err) {
    return `PostgreSQL at ${adminDbUrl} is not available: ${(err as Error).message}`;
  } finally {
    await admin.end().catch(() => undefined);
  }
}

/** A fresh database on the server of `adminDbUrl`, migrated; `drop()` removes it. */
export async function freshDatabase(prefix = "coderoom_cluster"): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `${prefix}_${randomBytes(5).toString("hex")}`;
  const admin = new pg.Client({ connectionString: adminDbUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const u = new URL(adminDbUrl);
  u.pathname = `/${name}`;
  const url = u.toString();
  // Once, before the processes start: they would otherwise all migrate at the same time.
  const db = await openDb({ url });
  await migrate(db);
  await db.close();
  return {
    url,
    drop: async () => {
      const again = new pg.Client({ connectionString: adminDbUrl });
      await again.connect();
      await again.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await again.end();
    },
  };
}

/** A server process of test/realtime-server-child.ts, with what it printed once it listened. */
export interface ServerChild {
  child: ChildProcess;
  exited: Promise<void>;
  port: number;
  url: string;
  tokens: string[];
  roomIds: string[];
  userIds: string[];
  /** Language ids the process can run, and why it cannot run at all (null when it can). */
  languages: number[];
  runnerUnavailable: string | null;
}

/**
 * Starts test/realtime-server-child.ts with these settings (SEED_* seed users and rooms, see
 * the script); `spawned` gets the process at once, to be stopped even if it never gets ready.
 */
export function startRealtimeChild(env: Record<string, string>, spawned: (child: ChildProcess) => void): Promise<ServerChild> {
  const child = spawn(process.execPath, ["--import", "tsx", childScript], { env: { ...process.env, ...env }, stdio: ["ignore", "pipe", "inherit"] });
  spawned(child);
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  return new Promise((resolve, reject) => {
    readline.createInterface({ input: child.stdout! }).once("line", (line) => {
      const printed = JSON.parse(line) as Omit<ServerChild, "url" | "child" | "exited">;
      resolve({ ...printed, url: `http://127.0.0.1:${printed.port}`, child, exited });
    });
    child.once("exit", (code) => reject(new Error(`server exited early (${code})`)));
  });
}
