import os from "node:os";

/** A sandbox set up ahead for one job of one kind (language, streamed or not). */
export interface Warm {
  key: string;
  uid: number;
}

export interface WarmPoolOptions<W extends Warm> {
  /** Most sandboxes kept waiting per kind. */
  maxPerKey: number;
  /** A kind unused this long has its sandboxes destroyed: an idle server keeps nothing warm. */
  idleMs: number;
  /** No sandbox is warmed while the host has less free memory than this. */
  minFreeBytes: number;
  create(key: string): Promise<W | null>;
  destroy(warm: W): Promise<void>;
  /** Whether a waiting sandbox is still alive. */
  alive(warm: W): boolean;
}

/** How many runs of a kind started within this window sets how many are kept warm. */
const DEMAND_WINDOW_MS = 5_000;

/**
 * Warm sandboxes per recently used kind of run. Each serves one job and is then
 * destroyed by its user; the pool refills behind it. The number kept follows demand
 * (runs of that kind in the last 5 s, at least 1, at most maxPerKey) and free memory.
 */
export class WarmPool<W extends Warm> {
  private readonly ready = new Map<string, W[]>();
  private readonly creating = new Map<string, number>();
  private readonly inFlight = new Set<Promise<unknown>>();
  private readonly starts = new Map<string, number[]>();
  private readonly sweeper: NodeJS.Timeout;
  private closed = false;
  hits = 0;
  misses = 0;

  constructor(private readonly opts: WarmPoolOptions<W>) {
    this.sweeper = setInterval(() => void this.sweep(), Math.max(1_000, Math.min(opts.idleMs, 10_000)));
    this.sweeper.unref();
  }

  /**
   * A waiting sandbox of this kind (then the caller owns it). On a miss the next ones are
   * warmed at once; after a hit, only when the caller calls replenish() once its job has
   * ended, so that setting up the next sandbox does not take CPU from the job.
   */
  take(key: string): W | undefined {
    const now = Date.now();
    const recent = (this.starts.get(key) ?? []).filter((t) => now - t < DEMAND_WINDOW_MS);
    recent.push(now);
    this.starts.set(key, recent);
    const list = this.ready.get(key) ?? [];
    let found: W | undefined;
    while (!found && list.length > 0) {
      const next = list.shift()!;
      if (this.opts.alive(next)) found = next;
      else void this.opts.destroy(next);
    }
    if (found) this.hits += 1;
    else {
      this.misses += 1;
      this.refill(key);
    }
    return found;
  }

  /** Warms sandboxes of this kind up to its demand again (after a job that took one has ended). */
  replenish(key: string): void {
    this.refill(key);
  }

  /** Gives up one waiting sandbox (the least recently used kind's) so a cold run gets its uid. */
  async evictOne(): Promise<boolean> {
    const oldest = [...this.ready.entries()]
      .filter(([, list]) => list.length > 0)
      .sort(([a], [b]) => (this.starts.get(a)?.at(-1) ?? 0) - (this.starts.get(b)?.at(-1) ?? 0))[0];
    const victim = oldest?.[1].shift();
    if (!victim) return false;
    await this.opts.destroy(victim);
    return true;
  }

  /** The sandboxes waiting now. */
  waiting(): W[] {
    return [...this.ready.values()].flat();
  }

  /** How many sandboxes wait now, per kind (tests and status). */
  get size(): number {
    return [...this.ready.values()].reduce((n, list) => n + list.length, 0);
  }

  private refill(key: string): void {
    if (this.closed) return;
    const now = Date.now();
    const demand = (this.starts.get(key) ?? []).filter((t) => now - t < DEMAND_WINDOW_MS).length;
    const target = Math.min(this.opts.maxPerKey, Math.max(1, demand));
    const have = (this.ready.get(key)?.length ?? 0) + (this.creating.get(key) ?? 0);
    for (let i = have; i < target && os.freemem() >= this.opts.minFreeBytes; i++) {
      this.creating.set(key, (this.creating.get(key) ?? 0) + 1);
      const job = this.opts
        .create(key)
        .then(async (warm) => {
          if (!warm) return;
          if (this.closed) return this.opts.destroy(warm);
          this.ready.set(key, [...(this.ready.get(key) ?? []), warm]);
        })
        .catch(() => undefined)
        .finally(() => {
          this.creating.set(key, (this.creating.get(key) ?? 1) - 1);
          this.inFlight.delete(job);
        });
      this.inFlight.add(job);
    }
  }

  private async sweep(): Promise<void> {
    const now = Date.now();
    for (const [key, list] of this.ready) {
      const last = this.starts.get(key)?.at(-1) ?? 0;
      if (now - last < this.opts.idleMs) continue;
      this.ready.delete(key);
      this.starts.delete(key);
      await Promise.all(list.map((w) => this.opts.destroy(w)));
    }
  }

  /** Resolves once every sandbox being set up now is ready (or failed). */
  async settled(): Promise<void> {
    await Promise.all([...this.inFlight]);
  }

  /** Destroys every waiting sandbox; nothing is warmed afterwards. */
  async close(): Promise<void> {
    this.closed = true;
    clearInterval(this.sweeper);
    await Promise.all([...this.inFlight]);
    const all = [...this.ready.values()].flat();
    this.ready.clear();
    await Promise.all(all.map((w) => this.opts.destroy(w)));
  }
}
