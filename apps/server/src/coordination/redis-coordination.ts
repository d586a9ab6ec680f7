import { randomUUID } from "node:crypto";
import { CoordinationUnavailable, type Coordination } from "./coordination";
import { createLeaseKeeper, type LeaseStore } from "./lease-keeper";
import { createRedisClient, type RedisLog } from "./redis-client";

/** Extends or deletes a lease only while it still holds our token. */
const RENEW = `if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('PEXPIRE', KEYS[1], ARGV[2]) else return 0 end`;
const RELEASE = `if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('DEL', KEYS[1]) else return 0 end`;
/**
 * Sliding window as a sorted set of uses scored by Redis's own clock (one clock for
 * every process): drop the uses older than the window, count, add this one if allowed.
 * ARGV: limit, window (ms), member. Returns {allowed, count, retryAfterMs}.
 */
const TAKE_IN_WINDOW = `
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
local window = tonumber(ARGV[2])
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now - window)
local count = redis.call('ZCARD', KEYS[1])
if count < tonumber(ARGV[1]) then
  redis.call('ZADD', KEYS[1], now, ARGV[3])
  redis.call('PEXPIRE', KEYS[1], window)
  return {1, count + 1, 0}
end
local oldest = redis.call('ZRANGE', KEYS[1], 0, 0, 'WITHSCORES')
return {0, count, math.max(0, tonumber(oldest[2]) + window - now)}
`;

export interface RedisCoordinationOptions {
  url: string;
  /** REDIS_PREFIX: every key is `<prefix>:co:<key>`. */
  prefix: string;
  leaseTtlMs: number;
  leaseRenewMs: number;
  /** A command that takes longer fails (CoordinationUnavailable) instead of waiting out an outage. */
  commandTimeoutMs: number;
  log: RedisLog;
}

/** Coordination for several processes on one Redis. Failed commands throw CoordinationUnavailable. */
export function createRedisCoordination(opts: RedisCoordinationOptions): Coordination {
  // Its own connection: the Socket.IO adapter's blocks on stream reads.
  const redis = createRedisClient(opts.url, "coordination", opts.log, { commandTimeout: opts.commandTimeoutMs, maxRetriesPerRequest: 1 });
  const client = redis.client;
  const k = (key: string) => `${opts.prefix}:co:${key}`;
  const call = async <T>(fn: () => Promise<T>): Promise<T> => {
    try {
      return await fn();
    } catch (err) {
      throw new CoordinationUnavailable(err);
    }
  };

  const store: LeaseStore = {
    acquire: (key, token, ttlMs) => call(async () => (await client.set(k(key), token, "PX", ttlMs, "NX")) === "OK"),
    renew: (key, token, ttlMs) => call(async () => (await client.eval(RENEW, 1, k(key), token, ttlMs)) === 1),
    release: (key, token) => call(async () => void (await client.eval(RELEASE, 1, k(key), token))),
  };
  const keeper = createLeaseKeeper(store, { ttlMs: opts.leaseTtlMs, renewMs: opts.leaseRenewMs, log: opts.log });

  return {
    kind: "redis",
    lease: (key, ttlMs) => keeper.take(key, ttlMs),
    isLeased: (key) => call(async () => (await client.exists(k(key))) === 1),
    breakLease: (key) => call(async () => void (await client.del(k(key)))),
    takeInWindow: (key, limit, windowMs) =>
      call(async () => {
        const member = randomUUID();
        const [allowed, count, retryAfterMs] = (await client.eval(TAKE_IN_WINDOW, 1, k(key), limit, windowMs, member)) as number[];
        return {
          allowed: allowed === 1,
          count: count!,
          retryAfterMs: retryAfterMs!,
          undo: async () => {
            if (allowed === 1) await call(() => client.zrem(k(key), member));
          },
        };
      }),
    setValue: (key, value, ttlMs) => call(async () => void (await client.set(k(key), value, "PX", ttlMs))),
    getValue: (key) => call(() => client.get(k(key))),
    appendToList: (key, item, { maxItems, ttlMs }) =>
      call(async () => {
        const results = await client.multi().rpush(k(key), item).ltrim(k(key), -maxItems, -1).pexpire(k(key), ttlMs).exec();
        const failed = results?.find(([err]) => err);
        if (failed) throw failed[0];
      }),
    readList: (key) => call(() => client.lrange(k(key), 0, -1)),
    delete: (...keys) => call(async () => void (keys.length > 0 && (await client.del(...keys.map(k))))),
    async close() {
      keeper.stopAll();
      await redis.close();
    },
  };
}
