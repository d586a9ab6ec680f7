import { randomUUID } from "node:crypto";
import type { Lease } from "./coordination";
import type { RedisLog } from "./redis-client";

/** The three atomic steps a lease needs from a store; `token` tells holders apart. */
export interface LeaseStore {
  /** Sets `key` to `token` for `ttlMs` unless it is set; true when it was. */
  acquire(key: string, token: string, ttlMs: number): Promise<boolean>;
  /** Extends `key` by `ttlMs` if it still holds `token`; false when it does not. */
  renew(key: string, token: string, ttlMs: number): Promise<boolean>;
  /** Deletes `key` if it still holds `token`. */
  release(key: string, token: string): Promise<void>;
}

/** The leases one process holds, renewed every `renewMs` until released or `stopAll()`. */
export function createLeaseKeeper(store: LeaseStore, opts: { ttlMs: number; renewMs: number; log: RedisLog }) {
  const live = new Set<() => void>();

  async function take(key: string, ttlMs = opts.ttlMs): Promise<Lease | null> {
    const token = randomUUID();
    if (!(await store.acquire(key, token, ttlMs))) return null;
    let held = true;
    let failing = 0;
    const lostHandlers: Array<() => void> = [];
    const stop = () => {
      clearInterval(timer);
      live.delete(stop);
    };
    const lose = () => {
      if (!held) return;
      held = false;
      stop();
      opts.log.warn({ lease: key }, "lease expired while held (not renewed in time)");
      for (const fn of lostHandlers.splice(0)) fn();
    };
    // A third of the TTL at most: two renewals may fail before the lease expires.
    const timer = setInterval(() => {
      store.renew(key, token, ttlMs).then(
        (ours) => {
          failing = 0;
          if (!ours) lose();
        },
        (err: unknown) => {
          failing += 1;
          if (failing === 1) opts.log.error({ err, lease: key }, "lease renewal failed; retrying");
        },
      );
    }, Math.min(opts.renewMs, ttlMs / 3));
    timer.unref();
    live.add(stop);
    return {
      key,
      get held() {
        return held;
      },
      onLost(fn) {
        if (held) lostHandlers.push(fn);
      },
      async release() {
        if (!held) return;
        held = false;
        stop();
        await store.release(key, token);
      },
    };
  }

  return {
    take,
    /** Stops renewing every lease (they then expire as a dead holder's). */
    stopAll() {
      for (const stop of [...live]) stop();
    },
  };
}
