const refusals = {
  busy: "a run of this user is already queued or running",
  full: "the run queue is full",
  draining: "the server is shutting down",
} as const;

/** Why the scheduler refused a run: the user already has one, the queue is full, or the server is stopping. */
export class SchedulerRefusal extends Error {
  constructor(readonly reason: keyof typeof refusals) {
    super(refusals[reason]);
    this.name = "SchedulerRefusal";
  }
}

export interface QueueState {
  state: "idle" | "queued" | "running";
  /** 1 = next to start; null unless queued. */
  position: number | null;
}

interface Entry {
  key: string;
  /** When the entry counts as having joined the queue: arrival minus its plan's head start (ms). */
  rank: number;
  /** When it really arrived (ms), for the wait it reports. */
  arrivedAt: number;
  granted: boolean;
  grant?: () => void;
}

/** Plans (and admins) whose runs go ahead of others under load. */
export type QueueClass = "free" | "basic" | "pro" | "admin";

/**
 * The head start a waiting run gets over a Free run (ms): a Pro run that arrives goes
 * ahead of Free runs that have waited less than 10 s, a Basic run ahead of those that
 * waited less than 5 s. Older runs keep their place, so no plan starves another.
 */
export const QUEUE_HEAD_START_MS: Record<QueueClass, number> = { free: 0, basic: 5_000, pro: 10_000, admin: 10_000 };

/** A place in the scheduler: run a task in it once, or release it unused. */
export interface Ticket {
  /** True when the run had to wait for a free slot. */
  readonly queued: boolean;
  run<T>(task: () => Promise<T>): Promise<T>;
  release(): void;
}

/**
 * Bounded run queue: at most `concurrency` runs at once, at most `maxQueue`
 * waiting, one run per key (user) at a time. Slots are reserved synchronously,
 * so the checks cannot race with each other.
 *
 * Fairness: each user holds at most one place, so a burst from one user cannot
 * starve others (round-robin across users). The next run to start is the one that
 * joined earliest, where paid plans count as having joined a little earlier
 * (QUEUE_HEAD_START_MS).
 */
export class RunScheduler {
  private active = 0;
  private readonly waiting: Entry[] = [];
  private readonly byKey = new Map<string, Entry>();
  private readonly grantListeners: Array<(waitedMs: number) => void> = [];
  private draining = false;
  private idleWaiters: Array<() => void> = [];

  constructor(private readonly opts: { concurrency: number; maxQueue: number; now?: () => number }) {}

  /** Reserves a place for `key`'s run; throws SchedulerRefusal when busy or full. */
  reserve(key: string, queueClass: QueueClass = "free"): Ticket {
    if (this.draining) throw new SchedulerRefusal("draining");
    if (this.byKey.has(key)) throw new SchedulerRefusal("busy");
    const now = this.opts.now?.() ?? performance.now();
    const entry: Entry = { key, rank: now - QUEUE_HEAD_START_MS[queueClass], arrivedAt: now, granted: false };
    if (this.active < this.opts.concurrency && this.waiting.length === 0) {
      entry.granted = true;
      this.active += 1;
      this.grantListeners.forEach((fn) => fn(0));
    } else if (this.waiting.length >= this.opts.maxQueue) {
      throw new SchedulerRefusal("full");
    } else {
      // Kept sorted by rank; among equal ranks, arrival order.
      const at = this.waiting.findIndex((w) => w.rank > entry.rank);
      this.waiting.splice(at < 0 ? this.waiting.length : at, 0, entry);
    }
    this.byKey.set(key, entry);
    const queued = !entry.granted;
    let used = false;
    return {
      queued,
      run: async <T>(task: () => Promise<T>) => {
        if (used) throw new Error("ticket already used");
        used = true;
        try {
          if (!entry.granted) await new Promise<void>((resolve) => (entry.grant = resolve));
          return await task();
        } finally {
          this.finish(entry);
        }
      },
      release: () => {
        if (used) return;
        used = true;
        this.finish(entry);
      },
    };
  }

  /** Where `key`'s run stands now. */
  state(key: string): QueueState {
    const entry = this.byKey.get(key);
    if (!entry) return { state: "idle", position: null };
    if (entry.granted) return { state: "running", position: null };
    return { state: "queued", position: this.waiting.indexOf(entry) + 1 };
  }

  /** Calls `fn` with the wait of each run as it gets its slot (0 when it started at once). */
  onGranted(fn: (waitedMs: number) => void): void {
    this.grantListeners.push(fn);
  }

  /** Refuses new runs from now on; resolves once the runs already taken have all finished. */
  drain(): Promise<void> {
    this.draining = true;
    if (this.byKey.size === 0) return Promise.resolve();
    return new Promise((resolve) => this.idleWaiters.push(resolve));
  }

  get stats(): { running: number; waiting: number } {
    return { running: this.active, waiting: this.waiting.length };
  }

  private finish(entry: Entry): void {
    this.byKey.delete(entry.key);
    if (this.byKey.size === 0) this.idleWaiters.splice(0).forEach((resolve) => resolve());
    if (!entry.granted) {
      const i = this.waiting.indexOf(entry);
      if (i >= 0) this.waiting.splice(i, 1);
      return;
    }
    this.active -= 1;
    const next = this.waiting.shift();
    if (next) {
      next.granted = true;
      this.active += 1;
      const waited = (this.opts.now?.() ?? performance.now()) - next.arrivedAt;
      this.grantListeners.forEach((fn) => fn(waited));
      next.grant?.();
    }
  }
}
