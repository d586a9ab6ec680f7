import type { ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { adminDbUrl, freshDatabase, servicesUnavailable, sharedRedisUrl, startRealtimeChild, type ServerChild } from "./test-services";

export type { ServerChild } from "./test-services";

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
  /** Starts a server process on the shared database and Redis (`env` may point it elsewhere). */
  start(env?: Record<string, string>): Promise<ServerChild>;
  /** `kill -9`: the process dies holding whatever it held. */
  kill(server: ServerChild): Promise<void>;
  /** SIGKILLs every process still running and drops the database. */
  close(): Promise<void>;
}

export async function sharedPostgresAndRedis(): Promise<SharedInfra> {
  const prefix = `test-${randomBytes(4).toString("hex")}`;
  const children: ChildProcess[] = [];
  let skipReason = await servicesUnavailable({ redisUrl: sharedRedisUrl });
  const database = skipReason
    ? null
    : await freshDatabase().catch((err: Error) => {
        skipReason = `could not create a database on ${adminDbUrl}: ${err.message}`;
        return null;
      });
  const running = (c: ChildProcess) => c.exitCode === null && c.signalCode === null;
  return {
    skipReason,
    dbUrl: database?.url ?? "",
    redisUrl: sharedRedisUrl,
    redisPrefix: prefix,
    start(env = {}) {
      const settings = { DATABASE_URL: database?.url ?? "", REDIS_URL: sharedRedisUrl, REDIS_PREFIX: prefix, ...env };
      return startRealtimeChild(settings, (child) => children.push(child));
    },
    async kill(server) {
      if (!running(server.child)) return;
      server.child.kill("SIGKILL");
      await server.exited;
    },
    async close() {
      for (const c of children) if (running(c)) c.kill("SIGKILL");
      await database?.drop();
    },
  };
}
