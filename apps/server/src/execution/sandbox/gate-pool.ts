import { randomBytes } from "node:crypto";
import type { SandboxTools } from "./bwrap-command";
import type { CgroupDriver } from "./cgroup";
import { Gate } from "./gate";
import { GateLauncher } from "./gate-launcher";

/**
 * The job uids, each lent to one run at a time, and for each uid used so far a gate
 * started ahead of its next step. Uids are reused most-recent-first, so the number
 * of waiting gates follows the number of runs that happen at once.
 */
export class GatePool {
  private readonly free: number[];
  private readonly warm = new Map<number, Promise<Gate | null>>();
  /** Each uid's gate launcher, started on its first gate. */
  private readonly launchers = new Map<number, GateLauncher>();
  /** Names of this pool's cgroups start with the server's pid (stale sweeps) and a tag of this pool. */
  readonly prefix = `${process.pid}-${randomBytes(3).toString("hex")}`;
  private counter = 0;
  private closed = false;

  constructor(
    private readonly tools: SandboxTools,
    private readonly cgroups: CgroupDriver,
    uids: number[],
  ) {
    this.free = [...uids].reverse();
  }

  /** A uid nobody else uses right now, or undefined when all are lent. */
  acquire(): number | undefined {
    return this.free.pop();
  }

  /** Gives a uid back once its run is over. */
  release(uid: number): void {
    this.free.push(uid);
  }

  /** A cgroup name that is unique in this server. */
  nextName(): string {
    this.counter += 1;
    return `${this.prefix}-${this.counter}`;
  }

  /** A new gate for `uid` (named `name`, or the next name). */
  open(uid: number, name = this.nextName()): Promise<Gate> {
    let launcher = this.launchers.get(uid);
    if (!launcher?.alive) {
      launcher = new GateLauncher(this.tools, uid);
      this.launchers.set(uid, launcher);
    }
    return Gate.open(launcher, this.cgroups, name);
  }

  /** The gate waiting for `uid` (if one is ready), and starts the next one for it. */
  async take(uid: number): Promise<Gate | undefined> {
    const pending = this.warm.get(uid);
    this.warm.delete(uid);
    this.prepare(uid);
    return (await pending) ?? undefined;
  }

  /** Starts a gate for `uid` in the background. */
  prepare(uid: number): void {
    if (this.closed || this.warm.has(uid)) return;
    this.warm.set(uid, this.open(uid).catch(() => null));
  }

  /** Stops every waiting gate, then the launchers (which kill whatever gate is left). */
  async close(): Promise<void> {
    this.closed = true;
    const pending = [...this.warm.values()];
    this.warm.clear();
    for (const gate of await Promise.all(pending)) await gate?.close().catch(() => undefined);
    await Promise.all([...this.launchers.values()].map((l) => l.close()));
    this.launchers.clear();
  }
}
