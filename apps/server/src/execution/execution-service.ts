import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import type { Config } from "../config";
import { Judge0Runner } from "./judge0/judge0-runner";
import type { LanguageCatalog } from "./language-catalog";
import { allLanguageSpecs, discoverLanguages } from "./languages/discover-languages";
import { RunScheduler } from "./run-scheduler";
import type { Runner } from "./runner";
import type { StepLimits } from "./sandbox/run-step";
import { SandboxRunner, type SandboxLimits } from "./sandbox/sandbox-runner";
import { inspectSandboxHost } from "./sandbox/sandbox-setup";
import { claimUids, type UidLease } from "./sandbox/uid-locks";
import { SocketRunner } from "./socket-runner";

export interface ExecLog {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

/** Code execution as the app sees it: the backend, its languages and the run queue. */
export interface ExecutionService {
  readonly runner: Runner;
  readonly languages: LanguageCatalog;
  readonly scheduler: RunScheduler;
  close(): Promise<void>;
}

const MB = 1024 * 1024;

/** The sandbox limits from the RUN_* settings; compiling gets more time, memory and threads than running. */
export function sandboxLimits(config: Config): SandboxLimits {
  const run: StepLimits = {
    cpuSeconds: config.RUN_CPU_SECONDS,
    wallSeconds: config.RUN_WALL_SECONDS,
    memoryBytes: config.RUN_MEMORY_MB * MB,
    pids: config.RUN_MAX_PROCESSES,
    cores: config.RUN_CPU_CORES,
    fileBytes: config.RUN_FILE_SIZE_KB * 1024,
    openFiles: 512,
    stackBytes: 64 * MB,
  };
  const compile: StepLimits = {
    cpuSeconds: config.RUN_COMPILE_CPU_SECONDS,
    wallSeconds: config.RUN_COMPILE_WALL_SECONDS,
    memoryBytes: config.RUN_COMPILE_MEMORY_MB * MB,
    pids: Math.max(config.RUN_MAX_PROCESSES, 128),
    cores: Math.max(config.RUN_CPU_CORES, Math.min(2, os.availableParallelism())),
    fileBytes: 128 * MB,
    openFiles: 1024,
    stackBytes: 64 * MB,
  };
  return { run, compile, outputBytes: config.RUN_OUTPUT_KB * 1024 };
}

/** The sandbox backend in this process (the runner process, and tests); its uids are locked against other instances. */
export async function createSandboxRunner(config: Config, log: ExecLog): Promise<Runner> {
  await fs.mkdir(config.SANDBOX_DIR, { recursive: true, mode: 0o711 }).catch(() => undefined);
  const discovery = await discoverLanguages({ cacheFile: path.join(config.SANDBOX_DIR, "toolchains.json") });
  if (discovery.missing.length > 0) {
    log.info({ missing: discovery.missing.map((m) => `${m.spec.label.replace(/ ?%s/, "").replace(" ()", "")}: ${m.reason}`) }, "some languages are not installed (sudo npm run languages -- install <name>... | all)");
  }
  const host = await inspectSandboxHost();
  const uidCount = Math.max(16, config.RUN_CONCURRENCY * 2);
  let lease: UidLease | null = null;
  let sandboxHost = host;
  // Per-job uids exist only as root; rootless jobs all run as the mapped uid 65534 in their own namespaces.
  if (host.ok && host.tools.mode === "root") {
    try {
      lease = await claimUids(config.SANDBOX_UID, uidCount);
    } catch (err) {
      sandboxHost = { ok: false, reason: `Code execution is unavailable: ${(err as Error).message}.` };
    }
  }
  return SandboxRunner.create({
    host: sandboxHost,
    languages: discovery.installed,
    rootDir: config.SANDBOX_DIR,
    uids: lease?.uids ?? (sandboxHost.ok ? Array.from({ length: uidCount }, (_, i) => i) : []),
    limits: sandboxLimits(config),
    log,
    onClose: () => lease?.release() ?? Promise.resolve(),
    // Interpreted languages used in the last minute keep up to RUN_CONCURRENCY sandboxes set up ahead.
    warm: { maxPerKey: Math.max(1, Math.min(4, config.RUN_CONCURRENCY)), idleMs: 60_000 },
  });
}

function createJudge0Runner(config: Config, log: ExecLog): Promise<Runner> {
  if (!config.JUDGE0_URL) throw new Error("EXECUTION_BACKEND=judge0 needs JUDGE0_URL (the Judge0 API base URL)");
  return Judge0Runner.create({
    url: config.JUDGE0_URL,
    authHeader: config.JUDGE0_AUTH_HEADER,
    authToken: config.JUDGE0_AUTH_TOKEN,
    maxWaitMs: (config.RUN_WALL_SECONDS + config.RUN_COMPILE_WALL_SECONDS + 60) * 1000,
    pollMs: config.JUDGE0_POLL_MS,
    log,
  });
}

/**
 * Builds the configured backend and the run queue. The sandbox runs in the runner
 * process when `runnerSocket` is given (production, started as root), else in this
 * process (tests; and without root, where it explains why runs are refused).
 */
export async function createExecutionService(config: Config, log: ExecLog, opts: { runnerSocket?: string } = {}): Promise<ExecutionService> {
  let runner: Runner;
  if (config.EXECUTION_BACKEND === "judge0") runner = await createJudge0Runner(config, log);
  else if (opts.runnerSocket) runner = await SocketRunner.connect(opts.runnerSocket, log);
  else runner = await createSandboxRunner(config, log);
  const offered = runner.languages.list().length;
  const reason = runner.unavailableReason();
  // Say the truth at start: no language is offered while runs cannot work.
  if (reason) log.warn({ backend: runner.kind, languages: offered }, reason);
  else log.info({ backend: runner.kind, languages: offered, known: allLanguageSpecs.length, process: opts.runnerSocket ? "runner" : "server" }, "code execution ready");
  return {
    runner,
    languages: runner.languages,
    scheduler: new RunScheduler({ concurrency: config.RUN_CONCURRENCY, maxQueue: config.RUN_QUEUE_MAX }),
    close: () => runner.close(),
  };
}
