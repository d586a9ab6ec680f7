import { and, desc, eq, gt, inArray, type SQL, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { subscriptions } from "../../db/schema/payments";

export type SubscriptionRow = typeof subscriptions.$inferSelect;

/** Statuses whose paid time still counts (bounded by paidUntil). */
export const grantingStatuses = ["active", "cancelling", "ended"] as const;

/** Rows whose paid time counts at `now`. */
const granting = (now: Date) => and(inArray(subscriptions.status, [...grantingStatuses]), gt(subscriptions.paidUntil, now));
/** Which granting row gives the plan: Pro wins, then the one paid furthest ahead. */
const precedence = [desc(sql`${subscriptions.plan} = 'pro'`), desc(subscriptions.paidUntil)];

/**
 * The subscription that gives the user a plan at `now`, or null (Free). Expiry is
 * read from our own paidUntil against the caller's clock, so it takes effect at
 * once, without a webhook. With two granting rows (a moment during an upgrade) Pro wins.
 */
export async function currentSubscription(db: Db, userId: string, now: Date): Promise<SubscriptionRow | null> {
  const [row] = await db
    .select()
    .from(subscriptions)
    .where(and(eq(subscriptions.userId, userId), granting(now)))
    .orderBy(...precedence)
    .limit(1);
  return row ?? null;
}

/** A scalar subquery: the plan ('basic' or 'pro') that `userId` holds at `now`, null on Free. */
export function heldPlanSql(userId: SQL, now: Date): SQL {
  return sql`(SELECT ${subscriptions.plan} FROM ${subscriptions} WHERE ${subscriptions.userId} = ${userId} AND ${granting(now)} ORDER BY ${sql.join(precedence, sql`, `)} LIMIT 1)`;
}
