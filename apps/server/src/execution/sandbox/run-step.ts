import { bwrapInvocation, type BwrapStep, type SandboxTools } from "./bwrap-command";
import type { CgroupLimits } from "./cgroup";
import type { Gate, GateLaunch } from "./gate";
import type { GatePool } from "./gate-pool";

export interface StepLimits {
  cpuSeconds: number;
  wallSeconds: number;
  memoryBytes: number;
  pids: number;
  cores: number;
  fileBytes: number;
  openFiles: number;
  stackBytes: number;
}

export interface StepInput {
  uid: number;
  /** A warm sandbox: a gate already launched with this input (blocked), waiting for start(). */
  warm?: Gate;
  /** A gate started ahead for this uid; without one (or if it died) a new one is opened. */
  gate?: Gate;
  /** cgroup name for a gate opened here. */
  name: string;
  sandbox: Omit<BwrapStep, "tmpBytes">;
  limits: StepLimits;
  /** Files owned by the job uid (pipes would break /dev/stdin in the job). */
  stdinPath: string;
  stdoutPath: string;
  /** Empty: stderr goes into stdout's file (compiler output). */
  stderrPath: string;
  /** The run's directory (the job never sees it): the gate's launch files go there. */
  filesDir: string;
  signal?: AbortSignal;
  /** Called every tick while the job runs (the runner reads new output there). */
  onTick?: () => Promise<void>;
  tickMs?: number;
}

export type StepVerdict = "exited" | "cpu-limit" | "wall-limit" | "cancelled";

export interface StepOutcome {
  verdict: StepVerdict;
  /** bwrap's exit code: the job's own, or 128 + signal when the job was killed by a signal. */
  exitCode: number | null;
  cpuMs: number;
  memoryKb: number;
  oomKilled: boolean;
  wallMs: number;
}

const cancelledOutcome = (wallMs: number): StepOutcome => ({ verdict: "cancelled", exitCode: null, cpuMs: 0, memoryKb: 0, oomKilled: false, wallMs });

/** The cgroup limits and the gate's launch of a step. */
export function stepLaunch(tools: SandboxTools, input: StepInput, blocked = false): { cgroup: CgroupLimits; launch: GateLaunch } {
  const { limits } = input;
  return {
    cgroup: { memoryBytes: limits.memoryBytes, pids: limits.pids, cores: limits.cores, background: blocked },
    launch: {
      stdin: input.stdinPath,
      stdout: input.stdoutPath,
      stderr: input.stderrPath,
      cpuSeconds: limits.cpuSeconds,
      fileBytes: limits.fileBytes,
      openFiles: limits.openFiles,
      stackBytes: limits.stackBytes,
      bwrap: bwrapInvocation(tools, { ...input.sandbox, tmpBytes: limits.memoryBytes, blocked }),
      seccomp: tools.seccomp,
      filesDir: input.filesDir,
      blocked,
    },
  };
}

/**
 * Runs one sandboxed process under its own cgroup and limits, and returns how it
 * ended. Nothing of the job outlives this call: the pid namespace dies with bwrap,
 * and the cgroup is emptied and removed.
 */
export async function runStep(tools: SandboxTools, pool: GatePool, input: StepInput): Promise<StepOutcome> {
  const { limits } = input;
  const given = input.warm ?? input.gate;
  if (input.signal?.aborted) {
    await given?.close();
    return cancelledOutcome(0);
  }
  const usable = input.warm ? !input.warm.gone : given?.ready;
  if (given && !usable) await given.close();
  const gate = usable ? given! : await pool.open(input.uid, input.name);
  const warm = usable && input.warm !== undefined;
  const started = performance.now();
  let verdict = "exited" as StepVerdict;
  const stop = (why: StepVerdict) => {
    if (verdict === "exited") verdict = why;
    gate.kill();
  };
  const onAbort = () => stop("cancelled");
  input.signal?.addEventListener("abort", onAbort, { once: true });
  const wall = setTimeout(() => stop("wall-limit"), limits.wallSeconds * 1000);
  let ticking = false;
  const tick = setInterval(() => {
    if (ticking) return;
    ticking = true;
    void (async () => {
      if ((await gate.cgroup.cpuMs()) > limits.cpuSeconds * 1000) stop("cpu-limit");
      await input.onTick?.();
    })()
      .catch(() => undefined)
      .finally(() => (ticking = false));
  }, input.tickMs ?? 100);
  try {
    if (warm) {
      await gate.start();
    } else {
      const { cgroup, launch } = stepLaunch(tools, input);
      await gate.launch(cgroup, launch);
    }
    const exitCode = await gate.exited;
    // No exit code: the gate's launcher died under it, and the job's end is unknown.
    if (exitCode === null && verdict === "exited") throw new Error("the sandbox gate's launcher ended during the run");
    const usage = await gate.cgroup.usage();
    return {
      verdict,
      exitCode: verdict === "exited" ? exitCode : null,
      cpuMs: usage.cpuMs,
      memoryKb: usage.memoryKb,
      oomKilled: usage.oomKilled,
      wallMs: performance.now() - started,
    };
  } catch (err) {
    const cancelled = verdict === "cancelled";
    stop("cancelled");
    // Cancelled before the job got going: not a failure.
    if (!cancelled) throw err;
    return cancelledOutcome(performance.now() - started);
  } finally {
    clearTimeout(wall);
    clearInterval(tick);
    input.signal?.removeEventListener("abort", onAbort);
    await gate.close();
  }
}
