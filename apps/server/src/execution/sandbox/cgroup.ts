export interface CgroupLimits {
  memoryBytes: number;
  pids: number;
  /** CPU bandwidth in cores (CFS quota). */
  cores: number;
  /** Set-up ahead of a job (a warm sandbox): the least CPU weight, so running jobs go first. */
  background?: boolean;
}

export interface CgroupUsage {
  cpuMs: number;
  /** Peak memory in KB. */
  memoryKb: number;
  oomKilled: boolean;
}

/** One job's control group, across every controller the host has. */
export interface Cgroup {
  /** Moves a process (and so every child it forks later) into the group. */
  join(pid: number): Promise<void>;
  setLimits(limits: CgroupLimits): Promise<void>;
  /** The normal CPU weight again, from a background set-up (the job starts now). */
  foreground(): Promise<void>;
  /** Starts CPU time (and peak memory, where the kernel allows) from zero. */
  resetUsage(): Promise<void>;
  cpuMs(): Promise<number>;
  usage(): Promise<CgroupUsage>;
  /** SIGKILLs whatever is still in the group, until it is empty. */
  killAll(): Promise<void>;
  /**
   * Readies an emptied group for another job (no process left, its memory charge
   * released); false when it cannot be reused and must be removed instead.
   */
  recycle(): Promise<boolean>;
  remove(): Promise<void>;
}

export interface CgroupDriver {
  readonly version: 1 | 2;
  create(name: string, limits: CgroupLimits): Promise<Cgroup>;
  /** Removes leftover job groups whose name the predicate calls stale. */
  sweep(isStale: (name: string) => boolean): Promise<void>;
}
