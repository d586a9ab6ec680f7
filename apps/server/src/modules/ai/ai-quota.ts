import { plans } from "@coderoom/shared/constants/plans";
import { assistantMessages } from "@coderoom/shared/messages";
import type { TAssistantQuota } from "@coderoom/shared/schemas/assistant";
import { sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { dailyUsage } from "../../db/schema/users";
import { heldPlanSql } from "../billing/current-subscription";
import { planLimits } from "../billing/plan-limits";
import { getUsage, INDIA_OFFSET_MS, indiaDay, refundUsage } from "../usage/daily-usage";
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

/** Each plan's daily AI limit as SQL rows (plan_id, ai_limit); admins are unlimited. */
const aiLimitRows = sql.join(
  [...Object.values(plans).map((p) => sql`(${p.id}::text, ${p.aiPerDay}::int)`), sql`('admin', NULL::int)`],
  sql`, `,
);

/**
 * takeAi for questions of different users (each user once), in one statement: each
 * asker's plan, its limit, and the count guarded by that limit. So a question waits for
 * one round trip to the database, however many arrive together.
 */
export async function takeAiMany(db: Db, asks: { user: QuotaUser; at: Date }[]): Promise<AiTake[]> {
  const latest = new Date(Math.max(...asks.map((a) => a.at.getTime())));
  const askRows = asks.map(({ user, at }) => sql`(${user.id}::uuid, ${indiaDay(at)}::date, ${user.role === "ADMIN"}::boolean)`);
  const column = sql.identifier(dailyUsage.aiInteractions.name);
  const result = await db.execute(sql`
    WITH asks(user_id, day, admin) AS (VALUES ${sql.join(askRows, sql`, `)}),
    plan_limits(plan_id, ai_limit) AS (VALUES ${aiLimitRows}),
    limited AS (
      SELECT a.user_id, a.day, p.plan_id, p.ai_limit FROM asks a JOIN plan_limits p
        ON p.plan_id = CASE WHEN a.admin THEN 'admin' ELSE coalesce(${heldPlanSql(sql`a.user_id`, latest)}, 'free') END),
    counted AS (
      INSERT INTO ${dailyUsage} (user_id, day, ${column})
      SELECT user_id, day, 1 FROM limited WHERE coalesce(ai_limit, 1) > 0
      ON CONFLICT (user_id, day) DO UPDATE SET ${column} = ${dailyUsage}.${column} + 1
        WHERE ${dailyUsage}.${column} < (SELECT coalesce(l.ai_limit, 2147483647) FROM limited l WHERE l.user_id = excluded.user_id)
      RETURNING user_id, ${column} AS used)
    SELECT l.user_id, l.plan_id, l.ai_limit, c.used FROM limited l LEFT JOIN counted c USING (user_id)`);
  // Both drivers (node-postgres and PGlite) answer raw SQL with { rows }.
  const { rows } = result as unknown as { rows: { user_id: string; plan_id: string; ai_limit: number | null; used: number | null }[] };
  const taken = new Map(rows.map((r) => [r.user_id, r]));
  return asks.map(({ user, at }) => {
    const { plan_id: planId, ai_limit: limit, used } = taken.get(user.id)!;
    if (used !== null) return { ok: true, quota: quotaOf(limit, used, at) };
    return { ok: false, quota: quotaOf(limit, limit ?? 0, at), message: refusal(planId, limit, at) };
  });
}

/** Gives the interaction back (the answer failed, or was stopped before its first token). */
export function refundAi(db: Db, userId: string, at: Date): Promise<void> {
  return refundUsage(db, { userId, at, kind: "aiInteractions" });
}
