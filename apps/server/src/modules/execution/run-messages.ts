import { limits } from "@coderoom/shared/constants/limits";
import { plans } from "@coderoom/shared/constants/plans";
import { runHeading } from "@coderoom/shared/run-heading";
import type { TRunResult } from "@coderoom/shared/schemas/run";
import type { PlanLimits } from "../billing/plan-limits";

/** Answers of `POST /rooms/run` and `GET /rooms/run/status`. */
export const runMessages = {
  accepted: "Code executed successfully",
  queueState: "Run status fetched successfully",
  inProgress: "Your previous run is still in progress. Please wait for it to finish before running again.",
  queueFull: "The server is busy running other programs right now. Please try again in a moment.",
  restarting: "The server is restarting. Please run your code again in a moment.",
  limitsUnavailable: "Runs cannot start right now. Please try again in a moment.",
  lost: "The run was stopped: the server running it went away.",
  stdinTooLarge: `Input must be at most ${limits.stdinMaxBytes / 1024} KB`,
} as const;

/** The toast after a run: success, or what went wrong, and whether it had to wait. */
export function runFinishedMessage(result: TRunResult, queued: boolean): string {
  const base = result.status.id === 3 ? runMessages.accepted : `Code ran with status: ${runHeading(result)}`;
  return queued ? `${base} (it waited in the queue)` : base;
}

/** 429 text naming the daily limit and the plan that lifts it (spec §9). */
export function runQuotaMessage(plan: PlanLimits): string {
  const reset = "Runs reset at midnight India time.";
  if (plan.planId === "basic") {
    return `You have used all ${plan.runsPerDay} code runs of the Basic plan today. Upgrade to Pro for unlimited runs. ${reset}`;
  }
  return (
    `You have used all ${plan.runsPerDay} code runs of the Free plan today. ` +
    `Upgrade to Basic for ${plans.basic.runsPerDay} runs a day or to Pro for unlimited runs. ${reset}`
  );
}
