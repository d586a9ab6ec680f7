import fs from "node:fs/promises";
import path from "node:path";
import type { Cgroup, CgroupDriver, CgroupLimits, CgroupUsage } from "./cgroup";
import { CFS_PERIOD_US, killProcs, removeDir, sweepChildren } from "./cgroup-fs";

function field(text: string, key: string): number {
  return Number(new RegExp(`^${key} (\\d+)`, "m").exec(text)?.[1] ?? 0);
}

class CgroupV2 implements Cgroup {
  private cpuBaseMs = 0;

  constructor(private readonly dir: string) {}

  async setLimits(limits: CgroupLimits): Promise<void> {
    await fs.writeFile(path.join(this.dir, "memory.max"), String(limits.memoryBytes));
    await fs.writeFile(path.join(this.dir, "pids.max"), String(limits.pids));
    await fs.writeFile(path.join(this.dir, "cpu.max"), `${Math.round(limits.cores * CFS_PERIOD_US)} ${CFS_PERIOD_US}`);
    await fs.writeFile(path.join(this.dir, "cpu.weight"), limits.background ? "1" : "100");
  }

  foreground(): Promise<void> {
    return fs.writeFile(path.join(this.dir, "cpu.weight"), "100");
  }

  /** cpu.stat cannot be reset: later readings subtract the usage so far. */
  async resetUsage(): Promise<void> {
    this.cpuBaseMs = 0;
    this.cpuBaseMs = await this.cpuMs();
  }

  join(pid: number): Promise<void> {
    return fs.writeFile(path.join(this.dir, "cgroup.procs"), String(pid));
  }

  async cpuMs(): Promise<number> {
    return field(await fs.readFile(path.join(this.dir, "cpu.stat"), "utf8"), "usage_usec") / 1000 - this.cpuBaseMs;
  }

  async usage(): Promise<CgroupUsage> {
    const read = (f: string) => fs.readFile(path.join(this.dir, f), "utf8");
    // memory.peak exists from Linux 5.19; older kernels only offer the current value.
    const [cpuMs, peak, events] = await Promise.all([this.cpuMs(), read("memory.peak").catch(() => read("memory.current")), read("memory.events")]);
    return { cpuMs, memoryKb: Math.round(Number(peak) / 1024), oomKilled: field(events, "oom_kill") > 0 };
  }

  async killAll(): Promise<void> {
    try {
      await fs.writeFile(path.join(this.dir, "cgroup.kill"), "1");
    } catch {
      // cgroup.kill needs Linux 5.14: kill one by one instead
    }
    await killProcs(path.join(this.dir, "cgroup.procs"));
  }

  /** Not reused: memory.peak cannot be reset before Linux 6.12, so a fresh group reports the next job's peak. */
  recycle(): Promise<boolean> {
    return Promise.resolve(false);
  }

  remove(): Promise<void> {
    return removeDir(this.dir, () => this.killAll());
  }
}

/** cgroup v2: one tree; our parent group delegates memory, pids and cpu to the per-job groups. */
export class CgroupV2Driver implements CgroupDriver {
  readonly version = 2 as const;

  private constructor(private readonly parent: string) {}

  static async open(parent: string, mountPoint: string): Promise<CgroupV2Driver> {
    await fs.mkdir(parent, { recursive: true });
    for (const dir of [mountPoint, parent]) {
      await fs.writeFile(path.join(dir, "cgroup.subtree_control"), "+memory +pids +cpu");
    }
    return new CgroupV2Driver(parent);
  }

  sweep(isStale: (name: string) => boolean): Promise<void> {
    return sweepChildren(this.parent, isStale);
  }

  async create(name: string, limits: CgroupLimits): Promise<Cgroup> {
    const dir = path.join(this.parent, name);
    await fs.mkdir(dir);
    const group = new CgroupV2(dir);
    try {
      await fs.writeFile(path.join(dir, "memory.swap.max"), "0").catch(() => undefined);
      await group.setLimits(limits);
    } catch (err) {
      await group.remove().catch(() => undefined);
      throw err;
    }
    return group;
  }
}
