import { limits } from "@coderoom/shared/constants/limits";
import { roomMessages } from "@coderoom/shared/messages";
import { runStatus, type TRunBody, type TRunQueueState, type TRunResult } from "@coderoom/shared/schemas/run";
import type { AppDeps } from "../../deps";
import { SchedulerRefusal, type QueueClass, type Ticket } from "../../execution/run-scheduler";
import { BackendBusyError, type OutputChunk } from "../../execution/runner";
import { badRequest, conflict, tooLarge, tooMany, unavailable } from "../../http/errors";
import { planLimits } from "../billing/plan-limits";
import { consumeUsage, getUsage } from "../usage/daily-usage";
import type { UserRow } from "../users/sessions";
import { runMessages, runQuotaMessage } from "./run-messages";

/**
 * Checks the request before anything is reserved or counted: sizes (413), backend (503),
 * language (400). The backend comes first: a Judge0 cluster that is down offers no
 * languages, and its users should hear that, not that their language is unknown.
 */
function checkRequest(deps: AppDeps, body: TRunBody): void {
  if (Buffer.byteLength(body.code, "utf8") > limits.codeMaxBytes) throw tooLarge(roomMessages.codeTooLarge);
  if (Buffer.byteLength(body.stdIn, "utf8") > limits.stdinMaxBytes) throw tooLarge(runMessages.stdinTooLarge);
  const reason = deps.execution.runner.unavailableReason();
  if (reason) throw unavailable("sandbox_unavailable", reason);
  if (!deps.execution.languages.get(body.langId)) throw badRequest("language_unknown", roomMessages.languageUnknown);
}

function reserve(deps: AppDeps, userId: string, queueClass: QueueClass): Ticket {
  try {
    return deps.execution.scheduler.reserve(userId, queueClass);
  } catch (err) {
    if (!(err instanceof SchedulerRefusal)) throw err;
    if (err.reason === "busy") throw conflict("run_in_progress", runMessages.inProgress);
    if (err.reason === "draining") throw unavailable("server_restarting", runMessages.restarting);
    throw unavailable("run_queue_full", runMessages.queueFull);
  }
}

/** Options of a run started by a user (the playground streams its output and may stop it). */
export interface RunCodeOptions {
  user: UserRow;
  body: TRunBody;
  signal?: AbortSignal;
  onOutput?: (chunk: OutputChunk) => void;
  /** The run was accepted (quota checked) and waits for a slot at this place (1 = next). */
  onQueued?: (position: number) => void;
  /** The run leaves the queue and starts now. */
  onStarted?: () => void;
}

/**
 * Runs the user's code: reserves their single place in the queue, checks today's plan
 * allowance (India day), runs it, and counts it once it has finished. Counting at the
 * end means a run that never finished (server or runner crash, internal error, queue
 * refusal) never costs the user; the per-user queue place keeps the check race-free.
 */
export async function runCode(deps: AppDeps, opts: RunCodeOptions): Promise<{ result: TRunResult; queued: boolean }> {
  const { user, body } = opts;
  const { db } = deps.db;
  checkRequest(deps, body);
  const plan = await planLimits(db, user, deps.now());
  const ticket = reserve(deps, user.id, plan.planId);
  const at = deps.now();
  try {
    // An unlimited plan has no allowance to check: no read of today's count.
    if (plan.runsPerDay !== null && (await getUsage(db, user.id, at)).runs >= plan.runsPerDay) {
      throw tooMany("run_quota_exceeded", runQuotaMessage(plan));
    }
  } catch (err) {
    ticket.release();
    throw err;
  }
  let result: TRunResult;
  try {
    const job = { langId: body.langId, code: body.code, stdin: body.stdIn };
    if (ticket.queued) opts.onQueued?.(deps.execution.scheduler.state(user.id).position ?? 1);
    result = await ticket.run(() => {
      opts.onStarted?.();
      return deps.execution.runner.run(job, { signal: opts.signal, onOutput: opts.onOutput });
    });
  } catch (err) {
    if (err instanceof BackendBusyError) throw unavailable("run_queue_full", runMessages.queueFull);
    throw err;
  }
  // The limit is not applied here: the run was allowed when it started, and it did happen.
  if (result.status.id !== runStatus.internal.id) await consumeUsage(db, { userId: user.id, at, kind: "runs", limit: null });
  return { result, queued: ticket.queued };
}

/** The caller's place in the run queue and today's run count. */
export async function runQueueState(deps: AppDeps, user: UserRow): Promise<TRunQueueState> {
  const usage = await getUsage(deps.db.db, user.id, deps.now());
  return { ...deps.execution.scheduler.state(user.id), runsToday: usage.runs, runsPerDay: (await planLimits(deps.db.db, user, deps.now())).runsPerDay };
}
