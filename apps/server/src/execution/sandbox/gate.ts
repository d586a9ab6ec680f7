import { spawn, type ChildProcess } from "node:child_process";
import type { Writable } from "node:stream";
import { BWRAP_ARGS_FD, BWRAP_BLOCK_FD, BWRAP_SECCOMP_FD, type BwrapInvocation, type SandboxTools } from "./bwrap-command";
import type { Cgroup, CgroupDriver, CgroupLimits } from "./cgroup";

/**
 * The gate: bash, already running as the job's uid (rootless mode: the server's own)
 * inside the job's cgroup, blocked on fd 3. The server sends it NUL-separated fields
 * (stdio paths, rlimits, the bwrap command) and closes fd 3; it redirects its stdio, sets
 * the rlimits and execs bwrap, which reads its options from fd 5 and its seccomp filter
 * from fd 4 (and closes both).
 * Moving a process into a cgroup waits for an RCU grace period (several ms on
 * cgroup v1), so gates are started ahead of need and runs skip that wait.
 */
const GATE_SCRIPT = [
  "mapfile -d '' -u 3 a",
  "exec 3<&-",
  '[ "${#a[@]}" -ge 10 ] || exit 125',
  'if [ -n "${a[2]}" ]; then exec <"${a[0]}" >"${a[1]}" 2>"${a[2]}"; else exec <"${a[0]}" >"${a[1]}" 2>&1; fi',
  'ulimit -c 0 -n "${a[3]}" -s "${a[4]}" -f "${a[5]}"',
  'ulimit -t "${a[6]}"',
  'ulimit -S -t "${a[7]}"',
  // Only a warm sandbox keeps fd 6 (bwrap --block-fd): no other job inherits it.
  '[ -n "${a[8]}" ] || exec 6<&-',
  // Descriptors the server itself inherited without close-on-exec must not reach the job.
  'for f in /proc/self/fd/*; do n=${f##*/}; [ "$n" -gt 6 ] 2>/dev/null && eval "exec $n>&-"; done',
  'exec "${a[@]:9}"',
].join("\n");

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
  /** A warm sandbox: bwrap sets everything up, then waits on fd 6 until start() (its options hold --block-fd). */
  blocked?: boolean;
}

/** The most generous limits a gate's cgroup starts with; each step writes its own before it starts. */
export const GATE_DEFAULT_LIMITS: CgroupLimits = { memoryBytes: 64 * 1024 * 1024, pids: 8, cores: 1 };

export class Gate {
  private launched = false;
  private dead = false;
  readonly exited: Promise<number | null>;

  private constructor(
    readonly child: ChildProcess,
    readonly cgroup: Cgroup,
    readonly uid: number,
  ) {
    this.exited = new Promise((resolve, reject) => {
      child.once("error", reject);
      child.once("exit", (code) => {
        this.dead = true;
        resolve(code);
      });
    });
    this.exited.catch(() => undefined);
    for (const fd of [3, BWRAP_SECCOMP_FD, BWRAP_ARGS_FD, BWRAP_BLOCK_FD]) (child.stdio as unknown as (Writable | null)[])[fd]?.on("error", () => undefined);
  }

  /** Spawns a gate for `uid` (in rootless mode a slot number: no uid switch) in a new cgroup named `name`. */
  static async open(tools: SandboxTools, cgroups: CgroupDriver, uid: number, name: string): Promise<Gate> {
    const cgroup = await cgroups.create(name, GATE_DEFAULT_LIMITS);
    let gate: Gate | undefined;
    try {
      const child = spawn(tools.bash, ["-c", GATE_SCRIPT, "gate"], {
        ...(tools.mode === "root" ? { uid, gid: uid } : {}),
        stdio: ["ignore", "ignore", "ignore", "pipe", "pipe", "pipe", "pipe"],
        env: { PATH: "/usr/bin:/bin" },
        detached: true,
      });
      gate = new Gate(child, cgroup, uid);
      if (child.pid === undefined) throw new Error(`could not start ${tools.bash} for the sandbox gate`);
      await cgroup.join(child.pid);
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

  /** Sets the step's cgroup limits and lets the job start. */
  async launch(limits: CgroupLimits, job: GateLaunch): Promise<void> {
    if (!this.ready) throw new Error("gate already used or gone");
    this.launched = true;
    await this.cgroup.setLimits(limits);
    await this.cgroup.resetUsage();
    const kb = (bytes: number) => String(Math.ceil(bytes / 1024));
    const cpu = Math.ceil(job.cpuSeconds);
    const fields = [job.stdin, job.stdout, job.stderr, String(job.openFiles), kb(job.stackBytes), kb(job.fileBytes), String(cpu + 2), String(cpu + 1), job.blocked ? "block" : "", ...job.bwrap.command];
    const nulJoined = (list: string[]) => list.map((f) => `${f}\0`).join("");
    const fd = (n: number) => (this.child.stdio as unknown as Writable[])[n]!;
    fd(BWRAP_SECCOMP_FD).end(job.seccomp);
    fd(BWRAP_ARGS_FD).end(nulJoined(job.bwrap.options));
    fd(3).end(nulJoined(fields));
  }

  /** Lets a warm sandbox's job start at the normal CPU weight (usage counts from here: the set-up is not the job's). */
  async start(): Promise<void> {
    await this.cgroup.foreground();
    await this.cgroup.resetUsage();
    (this.child.stdio as unknown as Writable[])[BWRAP_BLOCK_FD]!.end("go");
  }

  /** Stops the job now (wall-clock limit, CPU limit, Stop); close() still has to follow. */
  kill(): void {
    this.child.kill("SIGKILL");
    void this.cgroup.killAll().catch(() => undefined);
  }

  /** Kills whatever is left of the job and removes its cgroup. */
  async close(): Promise<void> {
    if (!this.dead) this.child.kill("SIGKILL");
    await this.exited.catch(() => undefined);
    await this.cgroup.killAll().catch(() => undefined);
    await this.cgroup.remove();
  }
}
