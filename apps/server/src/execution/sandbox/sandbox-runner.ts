import { statSync } from "node:fs";
import fs from "node:fs/promises";
import path from "node:path";
import { runStatus, type TRunResult } from "@coderoom/shared/schemas/run";
import { staticCatalog, type LanguageCatalog } from "../language-catalog";
import type { InstalledLanguage } from "../languages/discover-languages";
import { resolveCommand, type CommandContext } from "../languages/language-spec";
import { bareResult, cancelledStatus, exitStatus, memoryLimitStatus, outputLimitStatus, textOrNull } from "../run-result";
import type { RunJob, RunOptions, Runner } from "../runner";
import { CgroupRecycler } from "./cgroup-recycler";
import { GatePool } from "./gate-pool";
import { OutputTail, readCapped, truncatedMarker } from "./output-files";
import type { Gate } from "./gate";
import { runStep, stepLaunch, type StepInput, type StepLimits, type StepOutcome } from "./run-step";
import { WarmPool } from "./warm-pool";
import { prepareRootDir, type SandboxHost } from "./sandbox-setup";
import { fillRun, prepareRun, removeStaleRuns, type RunFiles } from "./work-dir";

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
  /** The job uids (root mode); in rootless mode only their count matters: how many jobs at once. */
  uids: number[];
  limits: SandboxLimits;
  log: { error(obj: object, msg: string): void };
  /** Called once the runner is closed (gives the uids back). */
  onClose?: () => Promise<void>;
  /** Keep sandboxes of recently used interpreted languages set up ahead (off: every run starts cold). */
  warm?: { maxPerKey: number; idleMs: number };
}

/** A warm sandbox: work dir, gate and bwrap set up for one run step, waiting for its job. */
interface WarmSandbox {
  key: string;
  uid: number;
  work: RunFiles;
  gate: Gate;
  input: StepInput;
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

/**
 * Extra environment when the output is streamed (live terminal): runtimes that buffer
 * output written to a file flush it at once instead of at exit. C stdio is made
 * line-buffered by running the program under stdbuf (STREAMING_PREFIX).
 */
export const STREAMING_ENV = { PYTHONUNBUFFERED: "1", GFORTRAN_UNBUFFERED_PRECONNECTED: "y" };
export const STREAMING_PREFIX = ["/usr/bin/stdbuf", "-oL"];

/** The built-in backend: each run compiles and runs inside bubblewrap, cgroups and rlimits. */
export class SandboxRunner implements Runner {
  readonly kind = "sandbox" as const;
  readonly languages: LanguageCatalog;
  private readonly byId: Map<number, InstalledLanguage>;
  /** Warm sandboxes of interpreted languages (null when off or when runs cannot work). */
  readonly warm: WarmPool<WarmSandbox> | null;
  /** Warm sandboxes of finished jobs still being destroyed. */
  private readonly cleanups = new Set<Promise<void>>();

  private constructor(
    private readonly opts: SandboxRunnerOptions,
    private readonly ready: { host: ReadyHost; dirs: { runsDir: string; etcDir: string }; pool: GatePool; cgroups: CgroupRecycler } | null,
  ) {
    const warm = opts.warm;
    this.warm =
      ready && warm
        ? new WarmPool<WarmSandbox>({
            maxPerKey: warm.maxPerKey,
            idleMs: warm.idleMs,
            minFreeBytes: 256 * 1024 * 1024,
            create: (key) => this.createWarm(key),
            destroy: (w) => this.destroyWarm(w),
            alive: (w) => !w.gate.gone,
          })
        : null;
    // No language is offered while runs cannot work (the reason is shown instead).
    const offered = ready ? opts.languages : [];
    this.languages = staticCatalog(
      offered.map(({ id, name, label, version, monacoId, starter }) => ({ id, name, label, version, monacoId, starter })),
    );
    this.byId = new Map(opts.languages.map((l) => [l.id, l]));
  }

  /** Prepares the host directory, clears what a crashed server left, and starts the first gate. */
  static async create(opts: SandboxRunnerOptions): Promise<SandboxRunner> {
    const { host } = opts;
    if (!host.ok) return new SandboxRunner(opts, null);
    let dirs: { runsDir: string; etcDir: string };
    try {
      dirs = await prepareRootDir(opts.rootDir, opts.uids, host.tools.mode);
      await removeStaleRuns(dirs.runsDir, host.cgroups);
    } catch (err) {
      const reason = `Code execution is unavailable: the sandbox directory ${opts.rootDir} cannot be prepared (${(err as Error).message}).`;
      return new SandboxRunner({ ...opts, host: { ok: false, reason } }, null);
    }
    // Each uid may hold a running gate, the gate waiting behind it and a warm sandbox.
    const cgroups = new CgroupRecycler(host.cgroups, opts.uids.length * 3);
    const ready = { ...host, cgroups };
    const pool = new GatePool(host.tools, cgroups, opts.uids);
    const first = pool.acquire();
    if (first !== undefined) {
      pool.prepare(first);
      pool.release(first);
    }
    return new SandboxRunner(opts, { host: ready, dirs, pool, cgroups });
  }

  unavailableReason(): string | null {
    return this.opts.host.ok ? null : this.opts.host.reason;
  }

  async run(job: RunJob, runOpts: RunOptions = {}): Promise<TRunResult> {
    const lang = this.byId.get(job.langId);
    if (!this.ready) return bareResult(runStatus.internal, this.unavailableReason());
    if (!lang) return bareResult(runStatus.internal, `Language ${job.langId} is not installed on this server.`);
    const { pool, dirs } = this.ready;
    const streaming = runOpts.onOutput !== undefined;
    const warm = lang.spec.compile ? undefined : this.warm?.take(warmKey(lang.id, streaming));
    if (warm) return this.runWarm(lang, warm, job, runOpts);
    let uid = pool.acquire();
    if (uid === undefined && (await this.warm?.evictOne())) uid = pool.acquire();
    if (uid === undefined) return bareResult(runStatus.internal, "Too many runs at once; please try again.");
    let work: RunFiles | undefined;
    try {
      work = await prepareRun(dirs.runsDir, this.owner(uid), lang.spec.source, job);
      return await this.compileAndRun(lang, work, uid, runOpts);
    } catch (err) {
      this.opts.log.error({ err, langId: job.langId }, "sandboxed run failed");
      return bareResult(runStatus.internal, "The sandbox failed to run this program.");
    } finally {
      if (work) await fs.rm(work.dir, { recursive: true, force: true }).catch(() => undefined);
      pool.release(uid);
    }
  }

  /** The job in a sandbox set up ahead: only its files are written, then it starts. Destroyed after. */
  private async runWarm(lang: InstalledLanguage, warm: WarmSandbox, job: RunJob, runOpts: RunOptions): Promise<TRunResult> {
    try {
      await fillRun(warm.work, this.owner(warm.uid), lang.spec.source, job);
      const outcome = await this.step(lang, warm.input, runOpts, warm.gate);
      return await this.runResult(warm.work, languageRunLimits(lang, this.opts.limits.run), outcome, null);
    } catch (err) {
      this.opts.log.error({ err, langId: job.langId }, "sandboxed run failed");
      return bareResult(runStatus.internal, "The sandbox failed to run this program.");
    } finally {
      // Every process of the job is gone (the step has killed its cgroup): the result need not wait
      // for the work dir to be removed. The uid stays lent until it is.
      const cleanup = this.destroyWarm(warm).then(() => this.warm?.replenish(warm.key));
      this.cleanups.add(cleanup);
      void cleanup.finally(() => this.cleanups.delete(cleanup));
    }
  }

  private async createWarm(key: string): Promise<WarmSandbox | null> {
    const { host, dirs, pool } = this.ready!;
    const [langId, streamed] = key.split(":");
    const lang = this.byId.get(Number(langId));
    const uid = lang ? pool.acquire() : undefined;
    if (!lang || uid === undefined) return null;
    let work: RunFiles | undefined;
    let gate: Gate | undefined;
    try {
      work = await prepareRun(dirs.runsDir, this.owner(uid), lang.spec.source, { langId: lang.id, code: "", stdin: "" });
      const input = this.runStepInput(lang, uid, work, streamed === "s");
      gate = await pool.take(uid);
      if (!gate?.ready) gate = await pool.open(uid);
      const { cgroup, launch } = stepLaunch(host.tools, input, true);
      await gate.launch(cgroup, launch);
      return { key, uid, work, gate, input };
    } catch {
      await gate?.close().catch(() => undefined);
      if (work) await fs.rm(work.dir, { recursive: true, force: true }).catch(() => undefined);
      pool.release(uid);
      return null;
    }
  }

  /** Who owns a run's files: the job uid in root mode; in rootless mode the server (null: no chown). */
  private owner(uid: number): number | null {
    return this.ready?.host.tools.mode === "root" ? uid : null;
  }

  private async destroyWarm(warm: WarmSandbox): Promise<void> {
    await warm.gate.close().catch(() => undefined);
    await fs.rm(warm.work.dir, { recursive: true, force: true }).catch(() => undefined);
    this.ready?.pool.release(warm.uid);
  }

  private async compileAndRun(lang: InstalledLanguage, work: RunFiles, uid: number, runOpts: RunOptions): Promise<TRunResult> {
    const { limits } = this.opts;
    let compileOutput: string | null = null;
    if (lang.spec.compile) {
      const argv = resolveCommand(lang.spec.compile, commandContext(limits.compile));
      const io = { stdin: work.emptyFile, out: work.compileFile, err: "" };
      const outcome = await this.step(lang, this.stepInput(lang, uid, work, argv, limits.compile, io, false), runOpts);
      const text = (await readCapped(work.compileFile, limits.outputBytes)).text;
      compileOutput = textOrNull(lang.spec.quiet ? text.replace(lang.spec.quiet, "") : text);
      const failed = compileFailure(outcome);
      if (failed !== null) {
        const status = outcome.verdict === "cancelled" ? cancelledStatus : runStatus.compileError;
        return { ...bareResult(status), compile_output: [compileOutput, failed].filter(Boolean).join("\n") || null };
      }
    }
    const input = this.runStepInput(lang, uid, work, runOpts.onOutput !== undefined);
    const outcome = await this.step(lang, input, runOpts);
    return this.runResult(work, input.limits, outcome, compileOutput);
  }

  /** The run step of a language: its argv (line-buffered under stdbuf when streamed), limits and files. */
  private runStepInput(lang: InstalledLanguage, uid: number, work: RunFiles, streaming: boolean): StepInput {
    const runLimits = languageRunLimits(lang, this.opts.limits.run);
    const prefix = streaming && this.ready!.host.tools.stdbuf ? STREAMING_PREFIX : [];
    const argv = [...prefix, ...resolveCommand(lang.spec.run, commandContext(runLimits))];
    return this.stepInput(lang, uid, work, argv, runLimits, { stdin: work.stdinFile, out: work.stdoutFile, err: work.stderrFile }, streaming);
  }

  /** The result of a finished run step: output up to the cap, and the flood status past the file limit. */
  private async runResult(work: RunFiles, runLimits: StepLimits, outcome: StepOutcome, compileOutput: string | null): Promise<TRunResult> {
    const { limits } = this.opts;
    const [stdout, stderr] = await Promise.all([readCapped(work.stdoutFile, limits.outputBytes), readCapped(work.stderrFile, limits.outputBytes)]);
    const flooded = outputLimitReached([work.stdoutFile, work.stderrFile], runLimits.fileBytes);
    if (flooded) for (const out of [stdout, stderr]) if (!out.truncated && out.text) out.text += truncatedMarker(limits.outputBytes);
    return {
      status: flooded ? outputLimitStatus : outcomeStatus(outcome),
      stdout: textOrNull(stdout.text),
      stderr: textOrNull(stderr.text),
      compile_output: compileOutput,
      time: Math.round(outcome.cpuMs),
      memory: outcome.memoryKb,
      exit_code: outcome.exitCode,
    };
  }

  /** Everything of a step but its gate: what a warm sandbox is set up with ahead of its job. */
  private stepInput(
    lang: InstalledLanguage,
    uid: number,
    work: RunFiles,
    argv: string[],
    stepLimits: StepLimits,
    io: { stdin: string; out: string; err: string },
    streaming: boolean,
  ): StepInput {
    return {
      uid,
      name: this.ready!.pool.nextName(),
      sandbox: {
        boxDir: work.boxDir,
        etcDir: this.ready!.dirs.etcDir,
        etc: lang.spec.etc ?? [],
        binds: lang.binds,
        env: { ...BASE_ENV, ...(streaming ? STREAMING_ENV : {}), ...lang.spec.env?.(commandContext(stepLimits)) },
        argv,
      },
      limits: stepLimits,
      stdinPath: io.stdin,
      stdoutPath: io.out,
      stderrPath: io.err,
      filesDir: work.dir,
    };
  }

  /** One sandboxed step on the uid's waiting gate (or in a warm sandbox); output goes to the listener as it is written. */
  private async step(lang: InstalledLanguage, input: StepInput, runOpts: RunOptions, warm?: Gate): Promise<StepOutcome> {
    const { host, pool } = this.ready!;
    const emit = runOpts.onOutput;
    const tails: OutputTail[] = [];
    const cap = this.opts.limits.outputBytes;
    if (emit && !input.stderrPath) tails.push(new OutputTail(input.stdoutPath, "compile_output", cap, emit));
    if (emit && input.stderrPath) {
      tails.push(new OutputTail(input.stdoutPath, "stdout", cap, emit));
      tails.push(new OutputTail(input.stderrPath, "stderr", cap, emit));
    }
    const poll = async () => void (await Promise.all(tails.map((t) => t.poll())));
    const outcome = await runStep(host.tools, pool, {
      ...input,
      warm,
      gate: warm ? undefined : await pool.take(input.uid),
      signal: runOpts.signal,
      onTick: emit ? poll : undefined,
      tickMs: emit ? 50 : 100,
    });
    await poll();
    return outcome;
  }

  /** Resolves once finished jobs' sandboxes are destroyed and the warm ones being set up are ready (tests). */
  async settled(): Promise<void> {
    await Promise.all([...this.cleanups]);
    await this.warm?.settled();
  }

  async close(): Promise<void> {
    await Promise.all([...this.cleanups]);
    await this.warm?.close();
    await this.ready?.pool.close();
    await this.ready?.cgroups.close();
    await this.opts.onClose?.();
  }

  /** Pids of the sandboxes waiting warm (their bwrap): tests tell them from what a job left behind. */
  warmPids(): number[] {
    return this.warm?.waiting().map((w) => w.gate.pid) ?? [];
  }

  /** Where the run's files live, and the prefix of its cgroups' names (tests check nothing is left behind). */
  get footprint(): { runsDir: string; cgroupPrefix: string } | null {
    return this.ready ? { runsDir: path.resolve(this.ready.dirs.runsDir), cgroupPrefix: this.ready.pool.prefix } : null;
  }
}

/** True when the program wrote as much as its file-size limit allows to stdout or stderr (an output flood). */
function outputLimitReached(files: string[], fileBytes: number): boolean {
  return files.some((f) => (statSync(f, { throwIfNoEntry: false })?.size ?? 0) >= fileBytes);
}

/** Warm sandboxes differ by language and by streaming (unbuffered environment, stdbuf). */
const warmKey = (langId: number, streaming: boolean) => `${langId}:${streaming ? "s" : "b"}`;

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
