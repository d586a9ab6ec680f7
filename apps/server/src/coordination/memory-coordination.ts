import { randomUUID } from "node:crypto";
import type { Coordination } from "./coordination";
import { createLeaseKeeper, type LeaseStore } from "./lease-keeper";
import type { RedisLog } from "./redis-client";

interface Timed<T> {
  value: T;
  expiresAt: number;
}

/**
 * Coordination for one process (no REDIS_URL): the same rules as the Redis one,
 * in maps. Times are the real clock (not the app's settable one): leases and
 * windows measure elapsed time.
 */
export function createMemoryCoordination(opts: { leaseTtlMs: number; leaseRenewMs: number; log: RedisLog; now?: () => number }): Coordination {
  const now = opts.now ?? Date.now;
  const leases = new Map<string, Timed<string>>();
  const values = new Map<string, Timed<string | string[]>>();
  const windows = new Map<string, Array<{ id: string; at: number }>>();

  const live = <T>(map: Map<string, Timed<T>>, key: string): Timed<T> | undefined => {
    const entry = map.get(key);
    if (entry && entry.expiresAt <= now()) {
      map.delete(key);
      return undefined;
    }
    return entry;
  };

  const store: LeaseStore = {
    acquire: async (key, token, ttlMs) => {
      if (live(leases, key)) return false;
      leases.set(key, { value: token, expiresAt: now() + ttlMs });
      return true;
    },
    renew: async (key, token, ttlMs) => {
      const entry = live(leases, key);
      if (entry?.value !== token) return false;
      entry.expiresAt = now() + ttlMs;
      return true;
    },
    release: async (key, token) => {
      if (live(leases, key)?.value === token) leases.delete(key);
    },
  };
  const keeper = createLeaseKeeper(store, { ttlMs: opts.leaseTtlMs, renewMs: opts.leaseRenewMs, log: opts.log });

  return {
    kind: "memory",
    lease: (key, ttlMs) => keeper.take(key, ttlMs),
    isLeased: async (key) => live(leases, key) !== undefined,
    breakLease: async (key) => void leases.delete(key),
    async takeInWindow(key, limit, windowMs) {
      const at = now();
      const uses = (windows.get(key) ?? []).filter((u) => u.at > at - windowMs);
      windows.set(key, uses);
      if (uses.length >= limit) {
        return { allowed: false, count: uses.length, retryAfterMs: Math.max(0, uses[0]!.at + windowMs - at), undo: async () => undefined };
      }
      const id = randomUUID();
      uses.push({ id, at });
      return {
        allowed: true,
        count: uses.length,
        retryAfterMs: 0,
        undo: async () => {
          const list = windows.get(key);
          const i = list?.findIndex((u) => u.id === id) ?? -1;
          if (i >= 0) list!.splice(i, 1);
        },
      };
    },
    setValue: async (key, value, ttlMs) => void values.set(key, { value, expiresAt: now() + ttlMs }),
    getValue: async (key) => {
      const value = live(values, key)?.value;
      return typeof value === "string" ? value : null;
    },
    appendToList: async (key, item, { maxItems, ttlMs }) => {
      const current = live(values, key)?.value;
      const list = Array.isArray(current) ? current : [];
      list.push(item);
      values.set(key, { value: list.slice(-maxItems), expiresAt: now() + ttlMs });
    },
    readList: async (key) => {
      const value = live(values, key)?.value;
      return Array.isArray(value) ? [...value] : [];
    },
    delete: async (...keys) => keys.forEach((k) => values.delete(k)),
    close: async () => keeper.stopAll(),
  };
}
