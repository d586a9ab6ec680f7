import { spawn, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import readline from "node:readline";
import { fileURLToPath } from "node:url";
import IORedis from "ioredis";
import pg from "pg";

const redisUrl = process.env.TEST_REDIS_URL ?? process.env.REDIS_URL ?? "redis://127.0.0.1:6379";
const pgUrl = process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";
const childScript = fileURLToPath(new URL("./realtime-server-child.ts", import.meta.url));

/** A server process of test/realtime-server-child.ts, with what it seeded. */
export interface ServerChild {
  child: ChildProcess;
  url: string;
  tokens: string[];
  roomIds: string[];
  exited: Promise<void>;
}

/**
 * A fresh PostgreSQL database and a Redis key prefix of its own, shared by the server
 * processes of one test file; `skipReason` says why when Redis or PostgreSQL is absent.
 */
export interface SharedInfra {
  skipReason: string | null;
  dbUrl: string;
  redisUrl: string;
  /** The REDIS_PREFIX of this file's processes. */
  redisPrefix: string;
  /** Starts a server process on the shared database and Redis (prints its ready line first). */
  start(env?: Record<string, string>): Promise<ServerChild>;
  /** SIGKILLs every process still running and drops the database. */
  close(): Promise<void>;
}

export async function sharedPostgresAndRedis(): Promise<SharedInfra> {
  const dbName = `coderoom_cluster_${randomBytes(5).toString("hex")}`;
  const prefix = `test-${randomBytes(4).toString("hex")}`;
  const children: ChildProcess[] = [];
  let dbUrl = "";
  let skipReason: string | null = null;
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
  }
  return {
    skipReason,
    dbUrl,
    redisUrl,
    redisPrefix: prefix,
    start(env = {}) {
      const child = spawn(process.execPath, ["--import", "tsx", childScript], {
        env: { ...process.env, DATABASE_URL: dbUrl, REDIS_URL: redisUrl, REDIS_PREFIX: prefix, ...env },
        stdio: ["ignore", "pipe", "inherit"],
      });
      children.push(child);
      const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
      return new Promise((resolve, reject) => {
        readline.createInterface({ input: child.stdout! }).once("line", (line) => {
          const ready = JSON.parse(line) as { port: number; tokens: string[]; roomIds: string[] };
          resolve({ ...ready, child, url: `http://127.0.0.1:${ready.port}`, exited });
        });
        child.once("exit", (code) => reject(new Error(`server exited early (${code})`)));
      });
    },
    async close() {
      for (const c of children) if (c.exitCode === null && c.signalCode === null) c.kill("SIGKILL");
      if (!dbUrl) return;
      const admin = new pg.Client({ connectionString: pgUrl });
      await admin.connect();
      await admin.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
      await admin.end();
    },
  };
}
