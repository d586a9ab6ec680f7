import { bigint, boolean, index, integer, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { users } from "./users";

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: "date" });

/**
 * Status of one provider subscription in our records:
 * - pending: created at the provider, not paid yet (reused by the next buy of the same plan);
 * - active: paid through `paidUntil`, renews;
 * - cancelling: the user cancelled; the plan stays until `paidUntil`, no renewal;
 * - ended: the provider ended it (cancelled, completed) — the paid time still counts;
 * - revoked: no longer grants anything (replaced by an upgrade, halted, or declined while pending).
 */
export const subscriptionStatuses = ["pending", "active", "cancelling", "ended", "revoked"] as const;
export type TSubscriptionStatus = (typeof subscriptionStatuses)[number];

export const subscriptions = pgTable(
  "subscriptions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    plan: text("plan", { enum: ["basic", "pro"] }).notNull(),
    provider: text("provider", { enum: ["razorpay", "test"] }).notNull(),
    /** The provider's subscription id (sub_...), what the checkout and webhooks name. */
    providerSubscriptionId: text("provider_subscription_id").notNull().unique(),
    status: text("status", { enum: subscriptionStatuses }).notNull(),
    /** The plan is held while now < paidUntil (and the status grants it); null until paid. */
    paidUntil: ts("paid_until"),
    /** Free days added to the first period (the Pro trial), already counted in paidUntil. */
    trialDays: integer("trial_days").notNull().default(0),
    createdAt: ts("created_at").notNull(),
    updatedAt: ts("updated_at").notNull(),
  },
  (t) => [index("subscriptions_user_idx").on(t.userId)],
);

/** One charge of a subscription (spec §3 payment record). Kept when its user is deleted. */
export const payments = pgTable(
  "payments",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id").references(() => users.id, { onDelete: "set null" }),
    /** Rupees, from our plan table at the time of the charge, never from a request. */
    amount: integer("amount").notNull(),
    status: text("status", { enum: ["completed", "cancelled"] }).notNull(),
    razorpayPaymentId: text("razorpay_payment_id").notNull().unique(),
    razorpaySubscriptionId: text("razorpay_subscription_id").notNull(),
    createdAt: ts("created_at").notNull(),
  },
  (t) => [index("payments_user_idx").on(t.userId, t.createdAt), index("payments_created_idx").on(t.createdAt, t.id)],
);

/** Webhook event ids already handled: deliveries are at-least-once. */
export const paymentWebhookEvents = pgTable("payment_webhook_events", {
  eventId: text("event_id").primaryKey(),
  event: text("event").notNull(),
  receivedAt: ts("received_at").notNull(),
});

/**
 * Totals over every payment, kept by the `payments_totals` trigger (migration 0003) in the
 * same transaction as each change: the analytics read one row instead of scanning them all.
 */
export const paymentTotals = pgTable("payment_totals", {
  id: boolean("id").primaryKey().default(true),
  totalCount: bigint("total_count", { mode: "number" }).notNull(),
  completedCount: bigint("completed_count", { mode: "number" }).notNull(),
  completedRevenue: bigint("completed_revenue", { mode: "number" }).notNull(),
});

/** Completed revenue per month (YYYY-MM, India time), kept by the same trigger. */
export const paymentRevenueMonths = pgTable("payment_revenue_months", {
  month: text("month").primaryKey(),
  completedRevenue: bigint("completed_revenue", { mode: "number" }).notNull(),
});
