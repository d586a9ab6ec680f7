import { and, desc, gt, inArray } from "drizzle-orm";
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
  return (await currentSubscriptions(db, [userId], now)).get(userId) ?? null;
}

/** currentSubscription for several users in one query; users on Free are absent from the map. */
export async function currentSubscriptions(db: Db, userIds: string[], now: Date): Promise<Map<string, SubscriptionRow>> {
  const rows = await db
    .select()
    .from(subscriptions)
    .where(
      and(
        inArray(subscriptions.userId, userIds),
        inArray(subscriptions.status, [...grantingStatuses]),
        gt(subscriptions.paidUntil, now),
      ),
    )
    .orderBy(desc(subscriptions.paidUntil));
  const current = new Map<string, SubscriptionRow>();
  for (const row of rows) {
    const kept = current.get(row.userId);
    if (!kept || (row.plan === "pro" && kept.plan !== "pro")) current.set(row.userId, row);
  }
  return current;
}
