import { setTimeout as delay } from "node:timers/promises";
import { runStatus, type TRunResult } from "@coderoom/shared/schemas/run";
import type { CatalogLanguage, LanguageCatalog } from "../language-catalog";
import { allLanguageSpecs } from "../languages/discover-languages";
import { bareResult, cancelledStatus } from "../run-result";
import { BackendBusyError, type RunJob, type RunOptions, type Runner } from "../runner";
import { fromBase64, Judge0Client, Judge0HttpError, type Judge0ClientOptions, type TJudge0Submission } from "./judge0-client";
import { mapJudge0Languages } from "./judge0-languages";

export interface Judge0RunnerOptions extends Judge0ClientOptions {
  /** Longest a run may take from submission to result before it counts as failed. */
  maxWaitMs: number;
  /** First poll delay; later polls back off up to 1 s. */
  pollMs?: number;
  /** How often to retry fetching the language list while it is unknown. */
  retryLanguagesMs?: number;
  log: { warn(obj: object, msg: string): void; error(obj: object, msg: string): void };
}

const UNREACHABLE = "Code execution is unavailable: the execution service cannot be reached. Please try again later.";

/** Waits `ms`, or less when the run is cancelled (the abort listener goes with the timer, so polls do not pile listeners up). */
const sleep = (ms: number, signal?: AbortSignal) => delay(ms, undefined, { signal }).catch(() => undefined);

/** Judge0's answer in our shape: texts decoded, `time` from seconds to milliseconds. */
function toRunResult(s: TJudge0Submission): TRunResult {
  const stderr = fromBase64(s.stderr);
  const message = fromBase64(s.message);
  return {
    status: s.status,
    stdout: fromBase64(s.stdout),
    stderr: s.status.id === runStatus.internal.id && !stderr ? message : stderr,
    compile_output: fromBase64(s.compile_output),
    time: s.time == null || s.time === "" ? null : Math.round(Number(s.time) * 1000),
    memory: s.memory ?? null,
    exit_code: s.exit_code ?? null,
  };
}

/** Sends runs to an existing Judge0 cluster: submit without waiting, then poll. */
export class Judge0Runner implements Runner {
  readonly kind = "judge0" as const;
  readonly languages: LanguageCatalog;
  private offered: CatalogLanguage[] = [];
  private byId = new Map<number, CatalogLanguage>();
  private remoteId = new Map<number, number>();
  private readonly client: Judge0Client;
  private retry: NodeJS.Timeout | undefined;

  private constructor(private readonly opts: Judge0RunnerOptions) {
    this.client = new Judge0Client(opts);
    this.languages = { list: () => this.offered, get: (id) => this.byId.get(id) };
  }

  /** Connects and learns the cluster's languages; keeps retrying in the background when it is down. */
  static async create(opts: Judge0RunnerOptions): Promise<Judge0Runner> {
    const runner = new Judge0Runner(opts);
    if (!(await runner.refreshLanguages())) {
      runner.retry = setInterval(() => void runner.refreshLanguages(), opts.retryLanguagesMs ?? 30_000);
      runner.retry.unref();
    }
    return runner;
  }

  private async refreshLanguages(): Promise<boolean> {
    try {
      const mapping = mapJudge0Languages(allLanguageSpecs, await this.client.languages());
      this.offered = mapping.offered;
      this.byId = new Map(mapping.offered.map((l) => [l.id, l]));
      this.remoteId = mapping.remoteId;
      if (this.retry) clearInterval(this.retry);
      this.retry = undefined;
      return true;
    } catch (err) {
      this.opts.log.warn({ err }, "Judge0 languages could not be fetched");
      return false;
    }
  }

  unavailableReason(): string | null {
    return this.offered.length > 0 ? null : UNREACHABLE;
  }

  async run(job: RunJob, runOpts: RunOptions = {}): Promise<TRunResult> {
    const languageId = this.remoteId.get(job.langId);
    if (languageId === undefined) return bareResult(runStatus.internal, `Language ${job.langId} is not available.`);
    const { signal } = runOpts;
    let token: string;
    try {
      token = await this.client.submit({ languageId, code: job.code, stdin: job.stdin }, signal);
    } catch (err) {
      if (signal?.aborted) return bareResult(cancelledStatus);
      if (err instanceof Judge0HttpError && (err.status === 503 || err.status === 429)) throw new BackendBusyError();
      this.opts.log.error({ err }, "Judge0 submission failed");
      return bareResult(runStatus.internal, UNREACHABLE);
    }
    const deadline = Date.now() + this.opts.maxWaitMs;
    let wait = this.opts.pollMs ?? 100;
    while (Date.now() < deadline) {
      await sleep(wait, signal);
      if (signal?.aborted) return bareResult(cancelledStatus);
      wait = Math.min(1000, Math.round(wait * 1.5));
      let answer: TJudge0Submission;
      try {
        answer = await this.client.get(token, signal);
      } catch (err) {
        if (signal?.aborted) return bareResult(cancelledStatus);
        this.opts.log.warn({ err, token }, "Judge0 poll failed; retrying");
        continue;
      }
      if (answer.status.id === runStatus.inQueue.id || answer.status.id === runStatus.processing.id) continue;
      const result = toRunResult(answer);
      for (const stream of ["compile_output", "stdout", "stderr"] as const) {
        const data = result[stream];
        if (data) runOpts.onOutput?.({ stream, data });
      }
      return result;
    }
    this.opts.log.error({ token }, "Judge0 run did not finish in time");
    return bareResult(runStatus.internal, "The execution service did not finish this run in time.");
  }

  async close(): Promise<void> {
    if (this.retry) clearInterval(this.retry);
  }
}
