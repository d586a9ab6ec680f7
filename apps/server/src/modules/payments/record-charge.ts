import { and, eq, gt, inArray, isNotNull, ne, sql } from "drizzle-orm";
import { plans } from "@coderoom/shared/constants/plans";
import type { Db } from "../../db/client";
import { payments, subscriptions } from "../../db/schema/payments";
import { grantingStatuses, type SubscriptionRow } from "../billing/current-subscription";
import { addDays, addMonth, PRO_TRIAL_DAYS } from "./billing-period";

type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

/** Provider calls to make once the transaction has committed. */
export interface ProviderCancellation {
  providerSubscriptionId: string;
  atCycleEnd: boolean;
}

/** The subscription with this provider id, locked for the rest of the transaction. */
export async function lockSubscription(tx: Tx, providerSubscriptionId: string): Promise<SubscriptionRow | null> {
  const [row] = await tx
    .select()
    .from(subscriptions)
    .where(eq(subscriptions.providerSubscriptionId, providerSubscriptionId))
    .for("update");
  return row ?? null;
}

/**
 * Records one successful charge of a subscription, once per payment id (a replay, or
 * the webhook after verify, changes nothing). Each charge adds one month of the plan;
 * the first one also settles the user's other plans: an upgrade replaces them at
 * once, a downgrade or renewal starts when they end (they stop renewing). The amount
 * is the plan's price from our table, never the provider's or the client's figure.
 */
export async function recordCharge(
  tx: Tx,
  opts: { sub: SubscriptionRow; paymentId: string; now: Date },
): Promise<{ recorded: boolean; cancellations: ProviderCancellation[] }> {
  const { sub, paymentId, now } = opts;
  const inserted = await tx
    .insert(payments)
    .values({
      userId: sub.userId,
      amount: plans[sub.plan].price,
      status: "completed",
      razorpayPaymentId: paymentId,
      razorpaySubscriptionId: sub.providerSubscriptionId,
      createdAt: now,
    })
    // A failure recorded first (events out of order) is corrected; a completed one stays as it is.
    .onConflictDoUpdate({ target: payments.razorpayPaymentId, set: { status: "completed" }, where: sql`${payments.status} = 'cancelled'` })
    .returning({ id: payments.id });
  if (inserted.length === 0 || sub.status === "revoked") return { recorded: inserted.length > 0, cancellations: [] };

  if (sub.paidUntil) {
    const paidUntil = addMonth(sub.paidUntil > now ? sub.paidUntil : now);
    await tx.update(subscriptions).set({ paidUntil, updatedAt: now }).where(eq(subscriptions.id, sub.id));
    return { recorded: true, cancellations: [] };
  }

  const others = await tx
    .select()
    .from(subscriptions)
    .where(
      and(
        eq(subscriptions.userId, sub.userId),
        ne(subscriptions.id, sub.id),
        inArray(subscriptions.status, [...grantingStatuses]),
        gt(subscriptions.paidUntil, now),
      ),
    )
    .for("update");
  const cancellations: ProviderCancellation[] = [];
  let start = now;
  for (const other of others) {
    if (sub.plan === "pro" && other.plan === "basic") {
      await tx.update(subscriptions).set({ status: "revoked", updatedAt: now }).where(eq(subscriptions.id, other.id));
      cancellations.push({ providerSubscriptionId: other.providerSubscriptionId, atCycleEnd: false });
      continue;
    }
    if (other.paidUntil && other.paidUntil > start) start = other.paidUntil;
    if (other.status === "active") {
      await tx.update(subscriptions).set({ status: "cancelling", updatedAt: now }).where(eq(subscriptions.id, other.id));
      cancellations.push({ providerSubscriptionId: other.providerSubscriptionId, atCycleEnd: true });
    }
  }
  const trialDays = sub.plan === "pro" && !(await hadProBefore(tx, sub)) ? PRO_TRIAL_DAYS : 0;
  await tx
    .update(subscriptions)
    .set({
      status: sub.status === "pending" ? "active" : sub.status,
      paidUntil: addDays(addMonth(start), trialDays),
      trialDays,
      updatedAt: now,
    })
    .where(eq(subscriptions.id, sub.id));
  return { recorded: true, cancellations };
}

/** True when the user has paid for a Pro subscription before this one (the trial is once per account). */
async function hadProBefore(tx: Tx, sub: SubscriptionRow): Promise<boolean> {
  const [row] = await tx
    .select({ id: subscriptions.id })
    .from(subscriptions)
    .where(and(eq(subscriptions.userId, sub.userId), eq(subscriptions.plan, "pro"), ne(subscriptions.id, sub.id), isNotNull(subscriptions.paidUntil)))
    .limit(1);
  return Boolean(row);
}
