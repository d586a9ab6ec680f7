import { assistantMessages } from "@coderoom/shared/messages";
import type { TAssistantQuota } from "@coderoom/shared/schemas/assistant";
import type { Db } from "../../db/client";
import { planLimits } from "../billing/plan-limits";
import { consumeUsage, getUsage, INDIA_OFFSET_MS, refundUsage } from "../usage/daily-usage";
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
 * Counts one interaction for the user, atomically against their plan's daily limit (one
 * upsert, so it holds whatever process each question reaches), before the question is
 * taken; refused, it returns the quota and the message (limit, reset time, upgrade).
 */
export async function takeAi(db: Db, user: QuotaUser, at: Date): Promise<AiTake> {
  const plan = await planLimits(db, user, at);
  const used = await consumeUsage(db, { userId: user.id, at, kind: "aiInteractions", limit: plan.aiPerDay });
  if (used !== null) return { ok: true, quota: quotaOf(plan.aiPerDay, used, at) };
  return { ok: false, quota: quotaOf(plan.aiPerDay, plan.aiPerDay ?? 0, at), message: refusal(plan.planId, plan.aiPerDay, at) };
}

/** Gives the interaction back (the answer failed, or was stopped before its first token). */
export function refundAi(db: Db, userId: string, at: Date): Promise<void> {
  return refundUsage(db, { userId, at, kind: "aiInteractions" });
}
