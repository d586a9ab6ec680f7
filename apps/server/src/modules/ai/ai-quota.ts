import { assistantMessages } from "@coderoom/shared/messages";
import type { TAssistantQuota } from "@coderoom/shared/schemas/assistant";
import type { Db } from "../../db/client";
import { planLimitsOf } from "../billing/plan-limits";
import { getUsageOf, INDIA_OFFSET_MS, refundUsage } from "../usage/daily-usage";
import type { UsageBatcher } from "../usage/usage-batcher";
import type { UserRow } from "../users/sessions";

export type QuotaUser = Pick<UserRow, "id" | "role">;

const DAY_MS = 86_400_000;

/** The next midnight in India (UTC+5:30, no daylight saving): when daily quotas reset. */
export function nextIndiaMidnight(at: Date): Date {
  const indiaDayStart = Math.floor((at.getTime() + INDIA_OFFSET_MS) / DAY_MS) * DAY_MS;
  return new Date(indiaDayStart + DAY_MS - INDIA_OFFSET_MS);
}

function inWords(ms: number): string {
  const minutes = Math.max(1, Math.ceil(ms / 60_000));
  const h = Math.floor(minutes / 60);
  const min = minutes % 60;
  return h > 0 ? `${h} h ${min} min` : `${min} min`;
}

type Allowance = { ok: true } | { ok: false; message: string; resetAt: string };

function refusal(planId: string, limit: number | null, at: Date): Allowance {
  const reset = nextIndiaMidnight(at);
  const message = assistantMessages.quotaExceeded(planId === "basic" ? "basic" : "free", limit ?? 0, inWords(reset.getTime() - at.getTime()));
  return { ok: false, message, resetAt: reset.toISOString() };
}

export type AiPlan = { limit: number | null; planId: string };

export type AiCheck = Allowance & { plan: AiPlan; quota: TAssistantQuota };

/** The allowance for a plan and a count already read: pure, so a cached read can be judged again. */
export function judgeAi(plan: AiPlan, used: number, at: Date): AiCheck {
  const quota = { used, limit: plan.limit, resetAt: nextIndiaMidnight(at).toISOString() };
  const allowance = plan.limit === null || used < plan.limit ? { ok: true as const } : refusal(plan.planId, plan.limit, at);
  return { ...allowance, plan, quota };
}

/**
 * Whether each user has an interaction left today, before the provider is called (reads
 * only), with their plan and quota so the rest of the answer needs no re-read. Two queries
 * for any number of users: a burst of questions reads its askers together.
 */
export async function checkAiOf(db: Db, users: QuotaUser[], at: Date): Promise<Map<string, AiCheck>> {
  const ids = users.map((u) => u.id);
  const [limits, usage] = await Promise.all([planLimitsOf(db, users, at), getUsageOf(db, ids, at)]);
  return new Map(
    users.map((u) => {
      const plan = limits.get(u.id)!;
      return [u.id, judgeAi({ limit: plan.aiPerDay, planId: plan.planId }, usage.get(u.id)!.aiInteractions, at)];
    }),
  );
}

/** Counts one interaction, atomically against the plan's limit, or returns the 429 message (limit, reset time, upgrade). */
export async function consumeAi(usage: UsageBatcher, userId: string, at: Date, plan: AiPlan): Promise<Allowance> {
  if (await usage.consume({ userId, at, kind: "aiInteractions", limit: plan.limit })) return { ok: true };
  return refusal(plan.planId, plan.limit, at);
}

/** Gives the interaction back (the provider failed after its first token). */
export function refundAi(db: Db, userId: string, at: Date): Promise<void> {
  return refundUsage(db, { userId, at, kind: "aiInteractions" });
}
