import type { Cgroup, CgroupDriver, CgroupLimits, CgroupUsage } from "./cgroup";

/**
 * Reuses emptied job cgroups instead of making and removing one per gate. On cgroup v1,
 * mkdir and rmdir of a group cost several ms of kernel CPU per controller (measured
 * here: about 50 ms a run over the four controllers, more than Python's own start).
 *
 * A group is reused only when its driver can recycle it: no process is left inside,
 * its memory charge is emptied, and the next job's counters start from zero
 * (resetUsage). A group handed back is inert for its old holder: a late kill from a
 * finished job can never reach the next one.
 */
export class CgroupRecycler implements CgroupDriver {
  private readonly idle: Cgroup[] = [];
  private readonly recycling = new Set<Promise<void>>();
  private closed = false;

  constructor(
    private readonly driver: CgroupDriver,
    /** Most emptied groups kept for reuse (a few per job uid covers gates and warm sandboxes). */
    private readonly maxIdle: number,
  ) {}

  get version(): 1 | 2 {
    return this.driver.version;
  }

  sweep(isStale: (name: string) => boolean): Promise<void> {
    return this.driver.sweep(isStale);
  }

  async create(name: string, limits: CgroupLimits): Promise<Cgroup> {
    for (let group = this.idle.pop(); group; group = this.idle.pop()) {
      try {
        await group.setLimits(limits);
        return this.lease(group);
      } catch {
        await group.remove().catch(() => undefined);
      }
    }
    return this.lease(await this.driver.create(name, limits));
  }

  /** Resolves once every group handed back so far is emptied (or removed). */
  async settled(): Promise<void> {
    await Promise.all([...this.recycling]);
  }

  /** Waits for groups being emptied, then removes every kept group. */
  async close(): Promise<void> {
    this.closed = true;
    await this.settled();
    for (const group of this.idle.splice(0)) await group.remove().catch(() => undefined);
  }

  /** How many emptied groups wait for reuse (tests). */
  get size(): number {
    return this.idle.length;
  }

  /** The group as its holder sees it: remove() hands it back, and after that every call is a no-op. */
  private lease(group: Cgroup): Cgroup {
    let held = true;
    const whileHeld =
      <A extends unknown[], R>(fn: (...args: A) => Promise<R>, after: R) =>
      (...args: A) =>
        held ? fn(...args) : Promise.resolve(after);
    const noUsage: CgroupUsage = { cpuMs: 0, memoryKb: 0, oomKilled: false };
    return {
      join: (pid) => (held ? group.join(pid) : Promise.reject(new Error("cgroup already handed back"))),
      setLimits: whileHeld((limits: CgroupLimits) => group.setLimits(limits), undefined),
      foreground: whileHeld(() => group.foreground(), undefined),
      resetUsage: whileHeld(() => group.resetUsage(), undefined),
      cpuMs: whileHeld(() => group.cpuMs(), 0),
      usage: whileHeld(() => group.usage(), noUsage),
      killAll: whileHeld(() => group.killAll(), undefined),
      recycle: () => Promise.resolve(false),
      remove: async () => {
        if (!held) return;
        held = false;
        await group.killAll().catch(() => undefined);
        const done = this.handBack(group).finally(() => this.recycling.delete(done));
        this.recycling.add(done);
      },
    };
  }

  /** Empties the group for its next job in the background, or removes it. */
  private async handBack(group: Cgroup): Promise<void> {
    const reusable = !this.closed && this.idle.length < this.maxIdle && (await group.recycle().catch(() => false));
    if (reusable && !this.closed) this.idle.push(group);
    else await group.remove().catch(() => undefined);
  }
}
