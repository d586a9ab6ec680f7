import { and, eq, inArray, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { dailyUsage } from "../../db/schema/users";

/** India Standard Time is UTC+5:30 all year (no daylight saving since 1945). */
export const INDIA_OFFSET_MS = 330 * 60_000;

/**
 * The calendar day (YYYY-MM-DD) in India time: quotas reset at midnight IST. Arithmetic,
 * not Intl: every run and every question asks for it, and Intl's formatter costs ~40 µs a call.
 */
export function indiaDay(at: Date): string {
  return new Date(at.getTime() + INDIA_OFFSET_MS).toISOString().slice(0, 10);
}

export type UsageKind = "runs" | "aiInteractions";

/** Today's counters for the user (zeros when nothing was used yet). */
export async function getUsage(db: Db, userId: string, at: Date): Promise<Record<UsageKind, number>> {
  return (await getUsageOf(db, [userId], at)).get(userId)!;
}

/** getUsage for several users, in one query. */
export async function getUsageOf(db: Db, userIds: string[], at: Date): Promise<Map<string, Record<UsageKind, number>>> {
  const rows = await db
    .select({ userId: dailyUsage.userId, runs: dailyUsage.runs, aiInteractions: dailyUsage.aiInteractions })
    .from(dailyUsage)
    .where(and(inArray(dailyUsage.userId, userIds), eq(dailyUsage.day, indiaDay(at))));
  const byUser = new Map(rows.map(({ userId, ...counts }) => [userId, counts]));
  return new Map(userIds.map((id) => [id, byUser.get(id) ?? { runs: 0, aiInteractions: 0 }]));
}

/**
 * Counts one use of `kind` for today unless that would pass `limit` (null = unlimited).
 * Atomic under concurrency: one upsert whose update is guarded by the limit.
 * Returns false when the limit is already reached.
 */
export async function consumeUsage(db: Db, opts: { userId: string; at: Date; kind: UsageKind; limit: number | null }): Promise<boolean> {
  const counted = await consumeUsageMany(db, { ...opts, userIds: [opts.userId] });
  return counted.has(opts.userId);
}

/**
 * consumeUsage for several distinct users under one limit, in one statement (a burst of
 * first tokens is one write instead of one each). Returns the users who were counted.
 */
export async function consumeUsageMany(
  db: Db,
  opts: { userIds: string[]; at: Date; kind: UsageKind; limit: number | null },
): Promise<Set<string>> {
  const column = opts.kind === "runs" ? dailyUsage.runs : dailyUsage.aiInteractions;
  const limit = opts.limit ?? 2_147_483_647;
  if (limit <= 0 || opts.userIds.length === 0) return new Set();
  const day = indiaDay(opts.at);
  const rows = await db
    .insert(dailyUsage)
    .values(opts.userIds.map((userId) => ({ userId, day, [opts.kind]: 1 })))
    .onConflictDoUpdate({
      target: [dailyUsage.userId, dailyUsage.day],
      set: { [opts.kind]: sql`${column} + 1` },
      setWhere: sql`${column} < ${limit}`,
    })
    .returning({ userId: dailyUsage.userId });
  return new Set(rows.map((r) => r.userId));
}

/** Gives back one use (a run that was refused after counting, e.g. queue full). */
export async function refundUsage(db: Db, opts: { userId: string; at: Date; kind: UsageKind }): Promise<void> {
  const column = opts.kind === "runs" ? dailyUsage.runs : dailyUsage.aiInteractions;
  await db
    .update(dailyUsage)
    .set({ [opts.kind]: sql`greatest(${column} - 1, 0)` })
    .where(and(eq(dailyUsage.userId, opts.userId), eq(dailyUsage.day, indiaDay(opts.at))));
}
