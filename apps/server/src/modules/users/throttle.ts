import { eq, inArray, lt, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { throttleCounters } from "../../db/schema/users";
import { tooMany } from "../../http/errors";

/** A fixed window: at most `limit` counted attempts per `windowMs` for one key. */
export interface ThrottleRule {
  key: string;
  limit: number;
  windowMs: number;
}

export const MINUTE_MS = 60_000;

/**
 * Counts one attempt for the rule unless its window is already full, in one upsert
 * so that several processes sharing the database cannot overshoot the limit.
 * Returns 0 when the attempt is allowed, else the milliseconds until the window ends.
 */
export async function hitThrottle(db: Db, rule: ThrottleRule, now: Date): Promise<number> {
  const cutoff = sql`${new Date(now.getTime() - rule.windowMs).toISOString()}::timestamptz`;
  const expired = sql`${throttleCounters.windowStart} <= ${cutoff}`;
  const counted = await db
    .insert(throttleCounters)
    .values({ key: rule.key, count: 1, windowStart: now })
    .onConflictDoUpdate({
      target: throttleCounters.key,
      set: {
        count: sql`CASE WHEN ${expired} THEN 1 ELSE ${throttleCounters.count} + 1 END`,
        windowStart: sql`CASE WHEN ${expired} THEN ${now.toISOString()}::timestamptz ELSE ${throttleCounters.windowStart} END`,
      },
      setWhere: sql`${expired} OR ${throttleCounters.count} < ${rule.limit}`,
    })
    .returning({ count: throttleCounters.count });
  if (counted.length > 0) return 0;
  const [row] = await db
    .select({ windowStart: throttleCounters.windowStart })
    .from(throttleCounters)
    .where(eq(throttleCounters.key, rule.key));
  return Math.max(1000, (row?.windowStart.getTime() ?? now.getTime()) + rule.windowMs - now.getTime());
}

/** The 429 for a full window: the wait in the message (minutes) and in Retry-After (seconds). */
export function tooManyAttempts(waitMs: number): Error {
  const minutes = Math.ceil(waitMs / MINUTE_MS);
  return tooMany(
    "rate_limited",
    `Too many attempts. Please try again in ${minutes} minute${minutes === 1 ? "" : "s"}.`,
    Math.ceil(waitMs / 1000),
  );
}

/** Counts one attempt against every rule; 429 with the wait in the message when one is full. */
export async function enforceThrottle(db: Db, rules: ThrottleRule[], now: Date): Promise<void> {
  for (const rule of rules) {
    const waitMs = await hitThrottle(db, rule, now);
    if (waitMs > 0) throw tooManyAttempts(waitMs);
  }
}

/** Without counting anything: 429 when one of the rules' windows is already full. */
export async function assertNotThrottled(db: Db, rules: ThrottleRule[], now: Date): Promise<void> {
  const keys = rules.map((r) => r.key);
  const rows = await db
    .select({ key: throttleCounters.key, count: throttleCounters.count, windowStart: throttleCounters.windowStart })
    .from(throttleCounters)
    .where(inArray(throttleCounters.key, keys));
  for (const rule of rules) {
    const row = rows.find((r) => r.key === rule.key);
    const endsAt = row ? row.windowStart.getTime() + rule.windowMs : 0;
    if (row && row.count >= rule.limit && endsAt > now.getTime()) throw tooManyAttempts(Math.max(1000, endsAt - now.getTime()));
  }
}

/** Gives back one counted attempt (a login that succeeded should not count as a failure). */
export async function refundThrottle(db: Db, key: string): Promise<void> {
  await db
    .update(throttleCounters)
    .set({ count: sql`greatest(${throttleCounters.count} - 1, 0)` })
    .where(eq(throttleCounters.key, key));
}

/** Forgets a key entirely (the account's failure count after a successful login). */
export async function resetThrottle(db: Db, key: string): Promise<void> {
  await db.delete(throttleCounters).where(eq(throttleCounters.key, key));
}

/** Drops counters whose window ended long ago, so the table stays small. */
export async function deleteStaleThrottles(db: Db, olderThan: Date): Promise<void> {
  await db.delete(throttleCounters).where(lt(throttleCounters.windowStart, olderThan));
}
