import IORedis, { type RedisOptions } from "ioredis";

/** Where a Redis client writes its errors: the app's pino logger (JSON lines). */
export interface RedisLog {
  error(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
}

/** A Redis client and the one way to close it. */
export interface RedisConnection {
  client: IORedis;
  /**
   * QUIT lets the replies in flight arrive (while Redis is unreachable it would wait
   * forever, so then the connection is dropped). A library may still write on it after
   * QUIT (the Socket.IO adapter answers other processes until its subscriber, closed in
   * the background, is gone); Redis has closed the connection by then and the write fails
   * (EPIPE): logged as a warning, not as an outage.
   */
  close(): Promise<void>;
}

/**
 * An ioredis client for the processes' shared parts (Socket.IO's adapter, Hocuspocus,
 * coordination). ioredis retries forever on its own (maxRetriesPerRequest: null keeps
 * blocking stream reads alive across an outage; `options` may change that); its errors
 * become JSON log lines: the first of an outage, then one line when it is back with how
 * many errors it skipped, instead of one line per retry.
 */
export function createRedisClient(url: string, role: string, log: RedisLog, options: RedisOptions = {}): RedisConnection {
  // enableReadyCheck:false: a subscriber connection otherwise fails its ready check (FACTS.md).
  const client = new IORedis(url, { enableReadyCheck: false, maxRetriesPerRequest: null, ...options });
  let failing = 0;
  let closing = false;
  client.on("error", (err: Error) => {
    if (closing) return log.warn({ err, redis: role }, "redis error while closing");
    failing += 1;
    if (failing === 1) log.error({ err, redis: role }, "redis connection failed; retrying");
  });
  client.on("ready", () => {
    if (failing > 0) log.warn({ redis: role, errors: failing }, "redis connection restored");
    failing = 0;
  });
  return {
    client,
    async close() {
      closing = true;
      if (client.status === "ready") await client.quit().catch(() => undefined);
      else client.disconnect();
    },
  };
}

/** A readiness check: Redis answers PING within the check's time. */
export async function pingRedis(client: IORedis): Promise<void> {
  const answer = await client.ping();
  if (answer !== "PONG") throw new Error(`unexpected answer ${answer}`);
}
