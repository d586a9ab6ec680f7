import { spawn, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import readline from "node:readline";
import { fileURLToPath } from "node:url";
import IORedis from "ioredis";
import pg from "pg";

const redisUrl = process.env.TEST_REDIS_URL ?? "redis://127.0.0.1:6379";
const pgUrl = process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";
const childScript = fileURLToPath(new URL("./realtime-server-child.ts", import.meta.url));

/** What a server process printed once it listened. */
export interface ClusterServer {
  port: number;
  url: string;
  tokens: string[];
  roomIds: string[];
  userIds: string[];
  /** Language ids the process can run, and why it cannot run at all (null when it can). */
  languages: number[];
  runnerUnavailable: string | null;
  child: ChildProcess;
}

/**
 * Several real server processes (realtime-server-child.ts) on one Redis and one fresh
 * PostgreSQL database, as behind a balancer. `prepare()` gives a reason to skip when
 * Redis or PostgreSQL is not there (CI has both; locally they may be absent).
 */
export function serverCluster() {
  const children: ChildProcess[] = [];
  const dbName = `coderoom_mp_${randomBytes(5).toString("hex")}`;
  let dbUrl = "";
  return {
    async prepare(): Promise<string | null> {
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
        return null;
      } catch (err) {
        return `Redis (${redisUrl}) or PostgreSQL (${pgUrl}) is not available: ${(err as Error).message}`;
      }
    },
    /** Starts one process; SEED_* in `env` seed users and rooms (see the child script). */
    start(env: Record<string, string>): Promise<ClusterServer> {
      const child = spawn(process.execPath, ["--import", "tsx", childScript], {
        env: { ...process.env, DATABASE_URL: dbUrl, REDIS_URL: redisUrl, ...env },
        stdio: ["ignore", "pipe", "inherit"],
      });
      children.push(child);
      return new Promise((resolve, reject) => {
        readline.createInterface({ input: child.stdout! }).once("line", (line) => {
          const printed = JSON.parse(line) as Omit<ClusterServer, "url" | "child">;
          resolve({ ...printed, url: `http://127.0.0.1:${printed.port}`, child });
        });
        child.once("exit", (code) => reject(new Error(`server exited early (${code})`)));
      });
    },
    /** `kill -9`: the process dies holding whatever it held. */
    async kill(server: ClusterServer): Promise<void> {
      if (server.child.exitCode !== null || server.child.signalCode !== null) return;
      const exited = new Promise((resolve) => server.child.once("exit", resolve));
      server.child.kill("SIGKILL");
      await exited;
    },
    async close(): Promise<void> {
      for (const c of children) c.kill("SIGKILL");
      if (!dbUrl) return;
      const admin = new pg.Client({ connectionString: pgUrl });
      await admin.connect();
      await admin.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
      await admin.end();
    },
  };
}
