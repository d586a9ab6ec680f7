import { limits } from "@coderoom/shared/constants/limits";
import { roomMessages } from "@coderoom/shared/messages";
import { runStatus, type TRunBody, type TRunQueueState, type TRunResult } from "@coderoom/shared/schemas/run";
import { CoordinationUnavailable, type Lease } from "../../coordination/coordination";
import type { AppDeps } from "../../deps";
import { SchedulerRefusal, type QueueClass, type Ticket } from "../../execution/run-scheduler";
import { BackendBusyError, type OutputChunk } from "../../execution/runner";
import { badRequest, conflict, tooLarge, tooMany, unavailable } from "../../http/errors";
import { planLimits, type PlanLimits } from "../billing/plan-limits";
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

/** The cluster-wide lease a user's run holds from the moment it is accepted until it ends. */
const userRunKey = (userId: string) => `run:user:${userId}`;

/** One run per user across every process: their lease, or 409 while another run holds it. */
async function holdUserRun(deps: AppDeps, userId: string): Promise<Lease> {
  let lease: Lease | null;
  try {
    lease = await deps.coordination.lease(userRunKey(userId));
  } catch (err) {
    if (err instanceof CoordinationUnavailable) throw unavailable("service_unavailable", runMessages.limitsUnavailable);
    throw err;
  }
  if (!lease) throw conflict("run_in_progress", runMessages.inProgress);
  return lease;
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
 * Runs the user's code: takes the user's cluster-wide run lease and their place in this
 * process's queue, checks today's plan allowance (India day), runs it, and counts it once
 * it has finished. Counting at the end means a run that never finished (server or runner
 * crash, internal error, queue refusal) never costs the user; the lease, held from the
 * check to the count, keeps them race-free whichever processes the user's runs reach.
 */
export async function runCode(deps: AppDeps, opts: RunCodeOptions): Promise<{ result: TRunResult; queued: boolean }> {
  checkRequest(deps, opts.body);
  const plan = await planLimits(deps.db.db, opts.user, deps.now());
  const lease = await holdUserRun(deps, opts.user.id);
  try {
    return await runUnderLease(deps, opts, plan);
  } finally {
    // An unreachable store lets the lease expire on its own.
    await lease.release().catch(() => undefined);
  }
}

async function runUnderLease(deps: AppDeps, opts: RunCodeOptions, plan: PlanLimits): Promise<{ result: TRunResult; queued: boolean }> {
  const { user, body } = opts;
  const { db } = deps.db;
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

/**
 * Where the caller's run stands: this process's queue knows its place; a run on another
 * process shows as running (its lease is held).
 */
async function queueState(deps: AppDeps, userId: string): Promise<Pick<TRunQueueState, "state" | "position">> {
  const here = deps.execution.scheduler.state(userId);
  if (here.state !== "idle") return here;
  const elsewhere = await deps.coordination.isLeased(userRunKey(userId)).catch(() => false);
  return elsewhere ? { state: "running", position: null } : here;
}

/** The caller's place in the run queue and today's run count. */
export async function runQueueState(deps: AppDeps, user: UserRow): Promise<TRunQueueState> {
  const usage = await getUsage(deps.db.db, user.id, deps.now());
  return { ...(await queueState(deps, user.id)), runsToday: usage.runs, runsPerDay: (await planLimits(deps.db.db, user, deps.now())).runsPerDay };
}
