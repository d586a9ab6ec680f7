import { writeFileSync } from "node:fs";
import path from "node:path";
import type { BwrapInvocation } from "./bwrap-command";
import type { Cgroup, CgroupDriver, CgroupLimits } from "./cgroup";
import type { GateLauncher } from "./gate-launcher";

export interface GateLaunch {
  stdin: string;
  stdout: string;
  /** Empty: stderr goes to stdout's file (compiler output). */
  stderr: string;
  cpuSeconds: number;
  fileBytes: number;
  openFiles: number;
  stackBytes: number;
  bwrap: BwrapInvocation;
  seccomp: Buffer;
  /** Where the launch files go: the run's own directory, which the job never sees. */
  filesDir: string;
  /** A warm sandbox: bwrap sets everything up, then waits on fd 6 until start() (its options hold --block-fd). */
  blocked?: boolean;
}

/** The most generous limits a gate's cgroup starts with; each step writes its own before it starts. */
export const GATE_DEFAULT_LIMITS: CgroupLimits = { memoryBytes: 64 * 1024 * 1024, pids: 8, cores: 1 };

const nulJoined = (list: string[]) => list.map((f) => `${f}\0`).join("");

/**
 * A sandbox gate (gate-launcher.ts): a process of the job's uid, forked ahead of need and
 * already inside the job's cgroup, waiting to exec bwrap. Moving a process into a cgroup
 * waits for an RCU grace period (several ms on cgroup v1): runs skip that wait.
 */
export class Gate {
  private launched = false;
  private dead = false;
  readonly exited: Promise<number | null>;

  private constructor(
    readonly pid: number,
    readonly cgroup: Cgroup,
    private readonly launcher: GateLauncher,
    private readonly name: string,
    exited: Promise<number | null>,
  ) {
    this.exited = exited.then((code) => {
      this.dead = true;
      return code;
    });
  }

  /** Forks a gate from `launcher` (its uid's) in a new cgroup named `name`. */
  static async open(launcher: GateLauncher, cgroups: CgroupDriver, name: string): Promise<Gate> {
    const cgroup = await cgroups.create(name, GATE_DEFAULT_LIMITS);
    let gate: Gate | undefined;
    try {
      const forked = await launcher.fork(name);
      gate = new Gate(forked.pid, cgroup, launcher, name, forked.exited);
      await cgroup.join(forked.pid);
      return gate;
    } catch (err) {
      if (gate) await gate.close();
      else await cgroup.remove().catch(() => undefined);
      throw err;
    }
  }

  /** The gate's process has ended (a warm sandbox that died while waiting). */
  get gone(): boolean {
    return this.dead;
  }

  /** Still waiting for its job. */
  get ready(): boolean {
    return !this.launched && !this.dead;
  }

  /** Sets the step's cgroup limits, writes the launch files and lets the job start. */
  async launch(limits: CgroupLimits, job: GateLaunch): Promise<void> {
    if (!this.ready) throw new Error("gate already used or gone");
    this.launched = true;
    await this.cgroup.setLimits(limits);
    await this.cgroup.resetUsage();
    const kb = (bytes: number) => String(Math.ceil(bytes / 1024));
    const cpu = Math.ceil(job.cpuSeconds);
    const file = (ext: string) => path.join(job.filesDir, `${this.name}.${ext}`);
    // Read by the gate as the job uid; they hold paths and limits, nothing of the job's.
    writeFileSync(file("seccomp"), job.seccomp, { mode: 0o644 });
    writeFileSync(file("args"), nulJoined(job.bwrap.options), { mode: 0o644 });
    const fields = [job.stdin, job.stdout, job.stderr, String(job.openFiles), kb(job.stackBytes), kb(job.fileBytes), String(cpu + 2), String(cpu + 1), job.blocked ? "block" : "", file("seccomp"), file("args"), ...job.bwrap.command];
    writeFileSync(file("launch"), nulJoined(fields), { mode: 0o644 });
    this.launcher.launch(this.name, file("launch"), job.blocked === true);
  }

  /** Lets a warm sandbox's job start at the normal CPU weight (usage counts from here: the set-up is not the job's). */
  async start(): Promise<void> {
    await this.cgroup.foreground();
    await this.cgroup.resetUsage();
    this.launcher.start(this.name);
  }

  /** Stops the job now (wall-clock limit, CPU limit, Stop); close() still has to follow. */
  kill(): void {
    this.signalGate();
    void this.cgroup.killAll().catch(() => undefined);
  }

  /** Kills whatever is left of the job and removes its cgroup. */
  async close(): Promise<void> {
    this.signalGate();
    await this.exited;
    await this.cgroup.killAll().catch(() => undefined);
    await this.cgroup.remove();
  }

  private signalGate(): void {
    if (this.dead) return;
    try {
      process.kill(this.pid, "SIGKILL");
    } catch {
      // already gone
    }
  }
}
