import { and, eq, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { dailyUsage } from "../../db/schema/users";

/** India Standard Time is UTC+5:30 all year (no daylight saving since 1945). */
export const INDIA_OFFSET_MS = 330 * 60_000;

/**
 * The calendar day (YYYY-MM-DD) in India time: quotas reset at midnight IST. Arithmetic,
 * not Intl: every run and every question asks for it, and a formatter is slow for that.
 */
export function indiaDay(at: Date): string {
  return new Date(at.getTime() + INDIA_OFFSET_MS).toISOString().slice(0, 10);
}

export type UsageKind = "runs" | "aiInteractions";

/** Today's counters for the user (zeros when nothing was used yet). */
export async function getUsage(db: Db, userId: string, at: Date): Promise<Record<UsageKind, number>> {
  const [row] = await db
    .select({ runs: dailyUsage.runs, aiInteractions: dailyUsage.aiInteractions })
    .from(dailyUsage)
    .where(and(eq(dailyUsage.userId, userId), eq(dailyUsage.day, indiaDay(at))));
  return row ?? { runs: 0, aiInteractions: 0 };
}

/**
 * Counts one use of `kind` for today unless that would pass `limit` (null = unlimited).
 * Atomic under concurrency, whichever process asks: one upsert whose update is guarded by
 * the limit. Returns today's count with this use, or null when the limit is already reached.
 */
export async function consumeUsage(db: Db, opts: { userId: string; at: Date; kind: UsageKind; limit: number | null }): Promise<number | null> {
  const column = opts.kind === "runs" ? dailyUsage.runs : dailyUsage.aiInteractions;
  const limit = opts.limit ?? 2_147_483_647;
  if (limit <= 0) return null;
  const [row] = await db
    .insert(dailyUsage)
    .values({ userId: opts.userId, day: indiaDay(opts.at), [opts.kind]: 1 })
    .onConflictDoUpdate({
      target: [dailyUsage.userId, dailyUsage.day],
      set: { [opts.kind]: sql`${column} + 1` },
      setWhere: sql`${column} < ${limit}`,
    })
    .returning({ used: column });
  return row?.used ?? null;
}

/** Gives back one use (a run that was refused after counting, e.g. queue full). */
export async function refundUsage(db: Db, opts: { userId: string; at: Date; kind: UsageKind }): Promise<void> {
  const column = opts.kind === "runs" ? dailyUsage.runs : dailyUsage.aiInteractions;
  await db
    .update(dailyUsage)
    .set({ [opts.kind]: sql`greatest(${column} - 1, 0)` })
    .where(and(eq(dailyUsage.userId, opts.userId), eq(dailyUsage.day, indiaDay(opts.at))));
}
