import fs from "node:fs/promises";
import path from "node:path";
import { runStatus, type TRunResult } from "@coderoom/shared/schemas/run";
import { staticCatalog, type LanguageCatalog } from "../language-catalog";
import type { InstalledLanguage } from "../languages/discover-languages";
import { resolveCommand, type CommandContext } from "../languages/language-spec";
import { bareResult, cancelledStatus, exitStatus, memoryLimitStatus, textOrNull } from "../run-result";
import type { RunJob, RunOptions, Runner } from "../runner";
import { GatePool } from "./gate-pool";
import { OutputTail, readCapped } from "./output-files";
import { runStep, type StepLimits, type StepOutcome } from "./run-step";
import { prepareRootDir, type SandboxHost } from "./sandbox-setup";
import { prepareRun, removeStaleRuns, type RunFiles } from "./work-dir";

type ReadyHost = Extract<SandboxHost, { ok: true }>;

export interface SandboxLimits {
  run: StepLimits;
  compile: StepLimits;
  /** Most bytes of stdout, stderr and compiler output returned each. */
  outputBytes: number;
}

export interface SandboxRunnerOptions {
  host: SandboxHost;
  languages: InstalledLanguage[];
  rootDir: string;
  uids: number[];
  limits: SandboxLimits;
  log: { error(obj: object, msg: string): void };
}

/** The values commands of a step are built from (JVM heap below the memory limit, thread hints). */
export function commandContext(limits: StepLimits): CommandContext {
  const memoryMb = limits.memoryBytes / (1024 * 1024);
  return { heapMb: Math.max(32, Math.floor(memoryMb * 0.6)), cores: Math.max(1, Math.ceil(limits.cores)) };
}

/** The run step's limits for a language (BEAM's JIT needs its file-size limit raised). */
export function languageRunLimits(lang: InstalledLanguage, run: StepLimits): StepLimits {
  return lang.spec.memfdJit ? { ...run, fileBytes: Math.max(run.fileBytes, run.memoryBytes) } : run;
}

/** The whole environment of a job: nothing of the server's leaks in. */
export const BASE_ENV = {
  PATH: "/usr/local/bin:/usr/bin:/bin",
  HOME: "/box",
  TMPDIR: "/tmp",
  LANG: "C.UTF-8",
  LC_ALL: "C.UTF-8",
};

/** The built-in backend: each run compiles and runs inside bubblewrap, cgroups and rlimits. */
export class SandboxRunner implements Runner {
  readonly kind = "sandbox" as const;
  readonly languages: LanguageCatalog;
  private readonly byId: Map<number, InstalledLanguage>;

  private constructor(
    private readonly opts: SandboxRunnerOptions,
    private readonly ready: { host: ReadyHost; dirs: { runsDir: string; etcDir: string }; pool: GatePool } | null,
  ) {
    this.languages = staticCatalog(opts.languages.map(({ id, name, starter }) => ({ id, name, starter })));
    this.byId = new Map(opts.languages.map((l) => [l.id, l]));
  }

  /** Prepares the host directory, clears what a crashed server left, and starts the first gate. */
  static async create(opts: SandboxRunnerOptions): Promise<SandboxRunner> {
    const { host } = opts;
    if (!host.ok) return new SandboxRunner(opts, null);
    let dirs: { runsDir: string; etcDir: string };
    try {
      dirs = await prepareRootDir(opts.rootDir, opts.uids);
      await removeStaleRuns(dirs.runsDir, host.cgroups);
    } catch (err) {
      const reason = `Code execution is unavailable: the sandbox directory ${opts.rootDir} cannot be prepared (${(err as Error).message}).`;
      return new SandboxRunner({ ...opts, host: { ok: false, reason } }, null);
    }
    const pool = new GatePool(host.tools, host.cgroups, opts.uids);
    const first = pool.acquire();
    if (first !== undefined) {
      pool.prepare(first);
      pool.release(first);
    }
    return new SandboxRunner(opts, { host, dirs, pool });
  }

  unavailableReason(): string | null {
    return this.opts.host.ok ? null : this.opts.host.reason;
  }

  async run(job: RunJob, runOpts: RunOptions = {}): Promise<TRunResult> {
    const lang = this.byId.get(job.langId);
    if (!this.ready) return bareResult(runStatus.internal, this.unavailableReason());
    if (!lang) return bareResult(runStatus.internal, `Language ${job.langId} is not installed on this server.`);
    const { pool, dirs } = this.ready;
    const uid = pool.acquire();
    if (uid === undefined) return bareResult(runStatus.internal, "Too many runs at once; please try again.");
    let work: RunFiles | undefined;
    try {
      work = await prepareRun(dirs.runsDir, uid, lang.spec.source, job);
      return await this.compileAndRun(lang, work, uid, runOpts);
    } catch (err) {
      this.opts.log.error({ err, langId: job.langId }, "sandboxed run failed");
      return bareResult(runStatus.internal, "The sandbox failed to run this program.");
    } finally {
      if (work) await fs.rm(work.dir, { recursive: true, force: true }).catch(() => undefined);
      pool.release(uid);
    }
  }

  private async compileAndRun(lang: InstalledLanguage, work: RunFiles, uid: number, runOpts: RunOptions): Promise<TRunResult> {
    const { limits } = this.opts;
    let compileOutput: string | null = null;
    if (lang.spec.compile) {
      const argv = resolveCommand(lang.spec.compile, commandContext(limits.compile));
      const outcome = await this.step(lang, uid, work, argv, limits.compile, { stdin: work.emptyFile, out: work.compileFile, err: "" }, runOpts);
      const text = (await readCapped(work.compileFile, limits.outputBytes)).text;
      compileOutput = textOrNull(lang.spec.quiet ? text.replace(lang.spec.quiet, "") : text);
      const failed = compileFailure(outcome);
      if (failed !== null) {
        const status = outcome.verdict === "cancelled" ? cancelledStatus : runStatus.compileError;
        return { ...bareResult(status), compile_output: [compileOutput, failed].filter(Boolean).join("\n") || null };
      }
    }
    const runLimits = languageRunLimits(lang, limits.run);
    const argv = resolveCommand(lang.spec.run, commandContext(runLimits));
    const outcome = await this.step(lang, uid, work, argv, runLimits, { stdin: work.stdinFile, out: work.stdoutFile, err: work.stderrFile }, runOpts);
    const [stdout, stderr] = await Promise.all([readCapped(work.stdoutFile, limits.outputBytes), readCapped(work.stderrFile, limits.outputBytes)]);
    return {
      status: outcomeStatus(outcome),
      stdout: textOrNull(stdout.text),
      stderr: textOrNull(stderr.text),
      compile_output: compileOutput,
      time: Math.round(outcome.cpuMs),
      memory: outcome.memoryKb,
      exit_code: outcome.exitCode,
    };
  }

  /** One sandboxed step on the uid's waiting gate; output goes to the listener as it is written. */
  private async step(
    lang: InstalledLanguage,
    uid: number,
    work: RunFiles,
    argv: string[],
    stepLimits: StepLimits,
    io: { stdin: string; out: string; err: string },
    runOpts: RunOptions,
  ): Promise<StepOutcome> {
    const { host, dirs, pool } = this.ready!;
    const emit = runOpts.onOutput;
    const tails: OutputTail[] = [];
    if (emit && !io.err) tails.push(new OutputTail(io.out, "compile_output", this.opts.limits.outputBytes, emit));
    if (emit && io.err) {
      tails.push(new OutputTail(io.out, "stdout", this.opts.limits.outputBytes, emit));
      tails.push(new OutputTail(io.err, "stderr", this.opts.limits.outputBytes, emit));
    }
    const poll = async () => void (await Promise.all(tails.map((t) => t.poll())));
    const outcome = await runStep(host.tools, host.cgroups, {
      uid,
      gate: await pool.take(uid),
      name: pool.nextName(),
      sandbox: {
        boxDir: work.boxDir,
        etcDir: dirs.etcDir,
        etc: lang.spec.etc ?? [],
        env: { ...BASE_ENV, ...lang.spec.env?.(commandContext(stepLimits)) },
        argv,
      },
      limits: stepLimits,
      stdinPath: io.stdin,
      stdoutPath: io.out,
      stderrPath: io.err,
      signal: runOpts.signal,
      onTick: emit ? poll : undefined,
      tickMs: emit ? 50 : 100,
    });
    await poll();
    return outcome;
  }

  async close(): Promise<void> {
    await this.ready?.pool.close();
  }

  /** Where the run's files live, and the prefix of its cgroups' names (tests check nothing is left behind). */
  get footprint(): { runsDir: string; cgroupPrefix: string } | null {
    return this.ready ? { runsDir: path.resolve(this.ready.dirs.runsDir), cgroupPrefix: this.ready.pool.prefix } : null;
  }
}

/** The extra line for a compile step that did not succeed, or null when it did. */
function compileFailure(outcome: StepOutcome): string | null {
  if (outcome.verdict === "cancelled") return "";
  if (outcome.verdict !== "exited") return "Compilation time limit exceeded";
  if (outcome.exitCode === 0) return null;
  return outcome.oomKilled ? "Compilation ran out of memory" : "";
}

function outcomeStatus(outcome: StepOutcome): TRunResult["status"] {
  if (outcome.verdict === "cancelled") return cancelledStatus;
  if (outcome.verdict !== "exited") return runStatus.timeLimit;
  if (outcome.oomKilled) return memoryLimitStatus;
  return exitStatus(outcome.exitCode ?? 1);
}
