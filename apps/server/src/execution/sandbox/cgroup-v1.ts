import { readFileSync, writeFileSync } from "node:fs";
import fs from "node:fs/promises";
import path from "node:path";
import type { Cgroup, CgroupDriver, CgroupLimits, CgroupUsage } from "./cgroup";
import { CFS_PERIOD_US, killProcs, removeDir, sweepChildren } from "./cgroup-fs";

type Controller = "memory" | "pids" | "cpu" | "cpuacct";

/**
 * Limits and counters are small kernfs files that answer at once: they are written and
 * read synchronously, which costs a few syscalls instead of a thread-pool round trip
 * each (a run touches about thirty of them). Joining a group (it waits for an RCU grace
 * period) and emptying one (memory reclaim) stay asynchronous.
 */
function writeIfPresent(file: string, value: string): void {
  try {
    writeFileSync(file, value);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== "ENOENT") throw err;
  }
}

const readText = (file: string) => readFileSync(file, "utf8");

/** The most memory a group may still be charged with when it is reused for another job. */
export const RECYCLE_RESIDUE_BYTES = 1024 * 1024;

const oomKills = (oomControl: string) => Number(/^oom_kill (\d+)/m.exec(oomControl)?.[1] ?? 0);

class CgroupV1 implements Cgroup {
  /** oom_kill counts every kill since the group was made: a reused group compares with its count at reset. */
  private oomKillsBefore = 0;

  constructor(private readonly dirs: Record<Controller, string>) {}

  /** Distinct directories (cpu and cpuacct are often one mount). */
  private unique(): string[] {
    return [...new Set(Object.values(this.dirs))];
  }

  async join(pid: number): Promise<void> {
    for (const dir of this.unique()) await fs.writeFile(path.join(dir, "cgroup.procs"), String(pid));
  }

  async setLimits(limits: CgroupLimits): Promise<void> {
    const memory = (file: string) => path.join(this.dirs.memory, file);
    const bytes = String(limits.memoryBytes);
    // memsw (memory + swap) may never be below the memory limit: lowering sets memory first, raising memsw first.
    try {
      writeFileSync(memory("memory.limit_in_bytes"), bytes);
      writeIfPresent(memory("memory.memsw.limit_in_bytes"), bytes);
    } catch {
      writeIfPresent(memory("memory.memsw.limit_in_bytes"), bytes);
      writeFileSync(memory("memory.limit_in_bytes"), bytes);
    }
    writeFileSync(path.join(this.dirs.pids, "pids.max"), String(limits.pids));
    writeFileSync(path.join(this.dirs.cpu, "cpu.cfs_quota_us"), String(Math.round(limits.cores * CFS_PERIOD_US)));
    writeFileSync(path.join(this.dirs.cpu, "cpu.shares"), limits.background ? "2" : "1024");
  }

  async foreground(): Promise<void> {
    writeFileSync(path.join(this.dirs.cpu, "cpu.shares"), "1024");
  }

  async resetUsage(): Promise<void> {
    writeFileSync(path.join(this.dirs.cpuacct, "cpuacct.usage"), "0");
    writeFileSync(path.join(this.dirs.memory, "memory.max_usage_in_bytes"), "0");
    this.oomKillsBefore = oomKills(readText(path.join(this.dirs.memory, "memory.oom_control")));
  }

  async cpuMs(): Promise<number> {
    return Number(readText(path.join(this.dirs.cpuacct, "cpuacct.usage"))) / 1e6;
  }

  async usage(): Promise<CgroupUsage> {
    const cpuMs = await this.cpuMs();
    const peak = readText(path.join(this.dirs.memory, "memory.max_usage_in_bytes"));
    const oom = readText(path.join(this.dirs.memory, "memory.oom_control"));
    return { cpuMs, memoryKb: Math.round(Number(peak) / 1024), oomKilled: oomKills(oom) > this.oomKillsBefore };
  }

  killAll(): Promise<void> {
    return killProcs(path.join(this.dirs.pids, "cgroup.procs"));
  }

  /**
   * Reusable once every hierarchy is empty and, after force_empty has given back the page
   * cache the last job was charged for, at most RECYCLE_RESIDUE_BYTES stay charged (kernel
   * objects such as dentries). Files of the job that still exist keep their charge: such a
   * group is removed, not reused.
   */
  async recycle(): Promise<boolean> {
    for (const dir of this.unique()) if (readText(path.join(dir, "cgroup.procs")).trim() !== "") return false;
    const charged = () => Number(readText(path.join(this.dirs.memory, "memory.usage_in_bytes")));
    // Reclaiming costs a few ms of kernel CPU: only when more than the residue is charged.
    if (charged() <= RECYCLE_RESIDUE_BYTES) return true;
    await fs.writeFile(path.join(this.dirs.memory, "memory.force_empty"), "0");
    return charged() <= RECYCLE_RESIDUE_BYTES;
  }

  async remove(): Promise<void> {
    for (const dir of this.unique()) await removeDir(dir, () => this.killAll());
  }
}

/** cgroup v1: one hierarchy per controller; the memsw limit stops the job from swapping past its limit. */
export class CgroupV1Driver implements CgroupDriver {
  readonly version = 1 as const;

  private constructor(private readonly parents: Record<Controller, string>) {}

  static async open(mountsByController: Record<Controller, string>, parentName: string): Promise<CgroupV1Driver> {
    const parents = {} as Record<Controller, string>;
    for (const [c, mount] of Object.entries(mountsByController) as [Controller, string][]) {
      parents[c] = path.join(mount, parentName);
      await fs.mkdir(parents[c], { recursive: true });
    }
    return new CgroupV1Driver(parents);
  }

  async sweep(isStale: (name: string) => boolean): Promise<void> {
    for (const parent of new Set(Object.values(this.parents))) await sweepChildren(parent, isStale);
  }

  async create(name: string, limits: CgroupLimits): Promise<Cgroup> {
    const dirs = {} as Record<Controller, string>;
    for (const c of Object.keys(this.parents) as Controller[]) {
      dirs[c] = path.join(this.parents[c], name);
      await fs.mkdir(dirs[c], { recursive: true });
    }
    const group = new CgroupV1(dirs);
    try {
      writeIfPresent(path.join(dirs.memory, "memory.swappiness"), "0");
      writeFileSync(path.join(dirs.cpu, "cpu.cfs_period_us"), String(CFS_PERIOD_US));
      await group.setLimits(limits);
    } catch (err) {
      await group.remove().catch(() => undefined);
      throw err;
    }
    return group;
  }
}
