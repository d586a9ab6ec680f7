import { assistantMessages } from "@coderoom/shared/messages";
import type { TAssistantQuota } from "@coderoom/shared/schemas/assistant";
import type { Db } from "../../db/client";
import { planLimits, planLimitsOf } from "../billing/plan-limits";
import { consumeUsageMany, getUsage, INDIA_OFFSET_MS, refundUsage } from "../usage/daily-usage";
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

function refusal(planId: string, limit: number | null, at: Date): string {
  const reset = nextIndiaMidnight(at);
  return assistantMessages.quotaExceeded(planId === "basic" ? "basic" : "free", limit ?? 0, inWords(reset.getTime() - at.getTime()));
}

function quotaOf(limit: number | null, used: number, at: Date): TAssistantQuota {
  return { used, limit, resetAt: nextIndiaMidnight(at).toISOString() };
}

/** The user's AI quota today: what the panel shows. */
export async function readAiQuota(db: Db, user: QuotaUser, at: Date): Promise<TAssistantQuota> {
  const [plan, usage] = await Promise.all([planLimits(db, user, at), getUsage(db, user.id, at)]);
  return quotaOf(plan.aiPerDay, usage.aiInteractions, at);
}

export type AiTake = { ok: true; quota: TAssistantQuota } | { ok: false; quota: TAssistantQuota; message: string };

/**
 * Counts one interaction for the user, atomically against their plan's daily limit (an
 * upsert guarded by the limit, so it holds whatever process each question reaches), before
 * the question is taken; refused, it returns the quota and the message (limit, reset time, upgrade).
 */
export async function takeAi(db: Db, user: QuotaUser, at: Date): Promise<AiTake> {
  return (await takeAiMany(db, [{ user, at }]))[0]!;
}

/** takeAi for questions of different users, in two statements per plan limit at most (plans, then counts). */
export async function takeAiMany(db: Db, asks: { user: QuotaUser; at: Date }[]): Promise<AiTake[]> {
  const latest = new Date(Math.max(...asks.map((a) => a.at.getTime())));
  const plans = await planLimitsOf(db, asks.map((a) => a.user), latest);
  const byLimit = new Map<number | null, typeof asks>();
  for (const a of asks) {
    const limit = plans.get(a.user.id)!.aiPerDay;
    byLimit.set(limit, [...(byLimit.get(limit) ?? []), a]);
  }
  const counted = new Map<string, number>();
  for (const [limit, uses] of byLimit) {
    const used = await consumeUsageMany(db, { uses: uses.map((a) => ({ userId: a.user.id, at: a.at })), kind: "aiInteractions", limit });
    used.forEach((n, userId) => counted.set(userId, n));
  }
  return asks.map(({ user, at }) => {
    const plan = plans.get(user.id)!;
    const used = counted.get(user.id);
    if (used !== undefined) return { ok: true, quota: quotaOf(plan.aiPerDay, used, at) };
    return { ok: false, quota: quotaOf(plan.aiPerDay, plan.aiPerDay ?? 0, at), message: refusal(plan.planId, plan.aiPerDay, at) };
  });
}

/** Gives the interaction back (the answer failed, or was stopped before its first token). */
export function refundAi(db: Db, userId: string, at: Date): Promise<void> {
  return refundUsage(db, { userId, at, kind: "aiInteractions" });
}
