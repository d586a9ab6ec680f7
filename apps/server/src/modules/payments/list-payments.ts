import { asc, desc, eq, gte, inArray } from "drizzle-orm";
import type { TAdminPayment, TPayment, TPaymentSummary } from "@coderoom/shared/schemas/payments";
import type { Db } from "../../db/client";
import { paymentRevenueMonths, paymentTotals, payments } from "../../db/schema/payments";
import { users } from "../../db/schema/users";

type PaymentRow = typeof payments.$inferSelect;

// A user's own history is short; the cap only bounds a pathological account.
const HISTORY_MAX = 500;
// The revenue chart covers the last 12 months, this one included.
const CHART_MONTHS = 12;

/** "YYYY-MM" of the first month of the chart, in India time. */
function firstChartMonth(now: Date): string {
  const ist = new Date(now.getTime() + 330 * 60_000);
  const first = new Date(Date.UTC(ist.getUTCFullYear(), ist.getUTCMonth() - (CHART_MONTHS - 1), 1));
  return first.toISOString().slice(0, 7);
}

/** Spec §3 payment record: an allow-list of fields, never the row itself. */
export function presentPayment(p: PaymentRow): TPayment {
  return {
    _id: p.id,
    amount: p.amount,
    status: p.status,
    createdAt: p.createdAt.toISOString(),
    razorpay_payment_id: p.razorpayPaymentId,
    razorpay_subscription_id: p.razorpaySubscriptionId,
  };
}

/** The caller's own payments, newest first. */
export async function paymentHistory(db: Db, userId: string): Promise<TPayment[]> {
  const rows = await db.select().from(payments).where(eq(payments.userId, userId)).orderBy(desc(payments.createdAt), desc(payments.id)).limit(HISTORY_MAX);
  return rows.map(presentPayment);
}

/**
 * The admin summary: totals over every payment and revenue per month, both aggregated
 * in SQL by the payments trigger as payments change (one row read, not 100,000), and
 * one page of rows, newest first, read off the (created_at, id) index.
 */
export async function paymentSummary(db: Db, page: { start: number; limit: number }, now: Date): Promise<TPaymentSummary> {
  const [totals] = await db.select().from(paymentTotals);
  // The page first (an index scan of limit rows), then its buyers: a join before the
  // limit would let the planner touch every payment.
  const rows = await db.select().from(payments).orderBy(desc(payments.createdAt), desc(payments.id)).limit(page.limit).offset(page.start);
  const buyerIds = [...new Set(rows.map((r) => r.userId).filter((id): id is string => id !== null))];
  const buyers = buyerIds.length
    ? await db.select({ id: users.id, fullName: users.fullName, email: users.email }).from(users).where(inArray(users.id, buyerIds))
    : [];
  const byId = new Map(buyers.map((b) => [b.id, b]));
  const months = await db
    .select()
    .from(paymentRevenueMonths)
    .where(gte(paymentRevenueMonths.month, firstChartMonth(now)))
    .orderBy(asc(paymentRevenueMonths.month));
  const total = totals?.totalCount ?? 0;
  const completed = totals?.completedCount ?? 0;
  const revenue = totals?.completedRevenue ?? 0;
  const purchases: TAdminPayment[] = rows.map((r) => {
    const buyer = r.userId ? byId.get(r.userId) : undefined;
    return { ...presentPayment(r), purchasedBy: { fullName: buyer?.fullName ?? null, email: buyer?.email ?? null } };
  });
  return {
    purchases,
    totalRevenue: revenue,
    totalTransactions: total,
    completedCount: completed,
    successRate: total === 0 ? "0.00" : ((completed / total) * 100).toFixed(2),
    avgTransactionPrice: completed === 0 ? 0 : Math.round((revenue / completed) * 100) / 100,
    start: page.start,
    limit: page.limit,
    revenueByMonth: months.map((m) => ({ month: m.month, revenue: m.completedRevenue })),
  };
}
