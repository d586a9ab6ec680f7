import { limits } from "@coderoom/shared/constants/limits";
import { roomMessages } from "@coderoom/shared/messages";
import { runStatus, type TRunBody, type TRunQueueState, type TRunResult } from "@coderoom/shared/schemas/run";
import type { AppDeps } from "../../deps";
import { SchedulerRefusal, type Ticket } from "../../execution/run-scheduler";
import { BackendBusyError } from "../../execution/runner";
import { badRequest, conflict, tooLarge, tooMany, unavailable } from "../../http/errors";
import { planLimits } from "../billing/plan-limits";
import { consumeUsage, getUsage, refundUsage } from "../usage/daily-usage";
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

function reserve(deps: AppDeps, userId: string): Ticket {
  try {
    return deps.execution.scheduler.reserve(userId);
  } catch (err) {
    if (!(err instanceof SchedulerRefusal)) throw err;
    if (err.reason === "busy") throw conflict("run_in_progress", runMessages.inProgress);
    throw unavailable("run_queue_full", runMessages.queueFull);
  }
}

/**
 * Runs the user's code: reserves their single place in the queue, counts the run
 * against today's plan allowance (India day), runs it, and gives the run back when
 * it never happened (queue refusal, backend failure).
 */
export async function runCode(deps: AppDeps, opts: { user: UserRow; body: TRunBody }): Promise<{ result: TRunResult; queued: boolean }> {
  const { user, body } = opts;
  const { db } = deps.db;
  checkRequest(deps, body);
  const ticket = reserve(deps, user.id);
  const at = deps.now();
  const plan = planLimits(user);
  let counted: boolean;
  try {
    counted = await consumeUsage(db, { userId: user.id, at, kind: "runs", limit: plan.runsPerDay });
  } catch (err) {
    ticket.release();
    throw err;
  }
  if (!counted) {
    ticket.release();
    throw tooMany("run_quota_exceeded", runQuotaMessage(plan));
  }
  const refund = () => refundUsage(db, { userId: user.id, at, kind: "runs" });
  try {
    const result = await ticket.run(() => deps.execution.runner.run({ langId: body.langId, code: body.code, stdin: body.stdIn }));
    if (result.status.id === runStatus.internal.id) await refund();
    return { result, queued: ticket.queued };
  } catch (err) {
    await refund();
    if (err instanceof BackendBusyError) throw unavailable("run_queue_full", runMessages.queueFull);
    throw err;
  }
}

/** The caller's place in the run queue and today's run count. */
export async function runQueueState(deps: AppDeps, user: UserRow): Promise<TRunQueueState> {
  const usage = await getUsage(deps.db.db, user.id, deps.now());
  return { ...deps.execution.scheduler.state(user.id), runsToday: usage.runs, runsPerDay: planLimits(user).runsPerDay };
}
