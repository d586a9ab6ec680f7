/**
 * What several server processes agree on through Redis (one process: in memory):
 * exclusive leases, counts per time window, and small shared values with a lifetime.
 * Keys are plain strings chosen by the caller (`run:user:<id>`); the Redis
 * implementation puts them under REDIS_PREFIX.
 */
export interface Coordination {
  readonly kind: "redis" | "memory";
  /**
   * Takes the exclusive lease on `key`, or null when someone holds it. The holder
   * renews it on its own until `release()`; a holder that dies stops renewing and the
   * lease expires `ttlMs` (default COORDINATION_LEASE_TTL_MS) later.
   */
  lease(key: string, ttlMs?: number): Promise<Lease | null>;
  /** Whether anyone holds the lease on `key` now. */
  isLeased(key: string): Promise<boolean>;
  /** Ends the lease on `key` whoever holds it: only for a holder known to be gone. */
  breakLease(key: string): Promise<void>;
  /**
   * Counts one use of `key` if fewer than `limit` were counted in the last `windowMs`
   * (a sliding window, atomic across processes).
   */
  takeInWindow(key: string, limit: number, windowMs: number): Promise<WindowTake>;
  /** A shared value that disappears `ttlMs` after it was last set. */
  setValue(key: string, value: string, ttlMs: number): Promise<void>;
  getValue(key: string): Promise<string | null>;
  /** Appends to a shared list that keeps its last `maxItems` items and lives `ttlMs` after the last append. */
  appendToList(key: string, item: string, opts: { maxItems: number; ttlMs: number }): Promise<void>;
  /** The list's items, oldest first ([] when there is none). */
  readList(key: string): Promise<string[]>;
  /** Deletes values and lists (not leases: those are released or broken). */
  delete(...keys: string[]): Promise<void>;
  /**
   * Stops renewing and disconnects. Leases still held are not released: they expire
   * within their TTL, as a dead holder's would (a drain releases them as its runs end).
   */
  close(): Promise<void>;
}

/** An exclusive lease, renewed while held. */
export interface Lease {
  readonly key: string;
  /** False once released, or once a renewal found it expired (e.g. Redis was unreachable past its TTL). */
  readonly held: boolean;
  /** Called once if a renewal finds the lease no longer ours. */
  onLost(fn: () => void): void;
  /** Gives it up, if it is still ours (another holder's lease is never deleted). */
  release(): Promise<void>;
}

/** The answer of `takeInWindow`. */
export interface WindowTake {
  allowed: boolean;
  /** Uses counted in the window, this one included when allowed. */
  count: number;
  /** When refused: how long until the oldest use leaves the window (ms); 0 when allowed. */
  retryAfterMs: number;
  /** Takes this use back out of the window (when the thing counted did not happen); nothing when refused. */
  undo(): Promise<void>;
}

/** The shared store could not be reached (Redis down or too slow): the caller refuses what it guards. */
export class CoordinationUnavailable extends Error {
  constructor(cause: unknown) {
    super(`coordination store unavailable: ${(cause as Error)?.message ?? String(cause)}`, { cause });
    this.name = "CoordinationUnavailable";
  }
}
