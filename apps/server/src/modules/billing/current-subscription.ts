import { and, desc, eq, gt, inArray } from "drizzle-orm";
import type { Db } from "../../db/client";
import { subscriptions } from "../../db/schema/payments";

export type SubscriptionRow = typeof subscriptions.$inferSelect;

/** Statuses whose paid time still counts (bounded by paidUntil). */
export const grantingStatuses = ["active", "cancelling", "ended"] as const;

/**
 * The subscription that gives the user a plan at `now`, or null (Free). Expiry is
 * read from our own paidUntil against the caller's clock, so it takes effect at
 * once, without a webhook. With two granting rows (a moment during an upgrade) Pro wins.
 */
export async function currentSubscription(db: Db, userId: string, now: Date): Promise<SubscriptionRow | null> {
  const rows = await db
    .select()
    .from(subscriptions)
    .where(
      and(
        eq(subscriptions.userId, userId),
        inArray(subscriptions.status, [...grantingStatuses]),
        gt(subscriptions.paidUntil, now),
      ),
    )
    .orderBy(desc(subscriptions.paidUntil));
  return rows.find((r) => r.plan === "pro") ?? rows[0] ?? null;
}
