import { z } from "zod";
import { paidPlanIds } from "../constants/plans";
import { zIdentifier } from "../validation";

/** Analytics page size bounds: the spec's page is 10; one request never reads more than 100 rows. */
export const paymentsPage = { defaultLimit: 10, maxLimit: 100, maxStart: 10_000_000 } as const;

export const zPaidPlan = z.enum(paidPlanIds);

/** `GET /payments/buy/:plan`. */
export const zBuyParams = z.object({ plan: zPaidPlan });

const zProviderId = zIdentifier(100);

/**
 * `POST /payments/verify`: the checkout's success result. `amount` and `plan` are only
 * checked against our own record of the subscription, never used.
 */
export const zVerifyBody = z.object({
  razorpay_payment_id: zProviderId,
  razorpay_subscription_id: zProviderId,
  razorpay_signature: zIdentifier(200),
  amount: z.coerce.number().optional(),
  plan: z.string().max(20).optional(),
});
export type TVerifyBody = z.infer<typeof zVerifyBody>;

const zInt = (min: number, max: number) =>
  z
    .union([z.number(), z.string().regex(/^\d+$/).transform(Number)])
    .pipe(z.number().int().min(min).max(max));

/** `POST /payments/all`: which page of the analytics (start is an offset, limit ≤ 100). */
export const zAllPaymentsBody = z.object({
  start: zInt(0, paymentsPage.maxStart).default(0),
  limit: zInt(1, paymentsPage.maxLimit).default(paymentsPage.defaultLimit),
});

/** One payment record (spec §3), as history and analytics send it. */
export const zPayment = z.object({
  _id: z.string(),
  amount: z.number(),
  status: z.enum(["completed", "cancelled"]),
  createdAt: z.string(),
  razorpay_payment_id: z.string(),
  razorpay_subscription_id: z.string(),
});
export type TPayment = z.infer<typeof zPayment>;

export const zAdminPayment = zPayment.extend({
  purchasedBy: z.object({ fullName: z.string().nullable(), email: z.string().nullable() }),
});
export type TAdminPayment = z.infer<typeof zAdminPayment>;

/** Spec §3 payment summary. `successRate` is a numeric string (percent, 2 decimals). */
export const zPaymentSummary = z.object({
  purchases: z.array(zAdminPayment),
  totalRevenue: z.number(),
  totalTransactions: z.number().int(),
  completedCount: z.number().int(),
  successRate: z.string(),
  avgTransactionPrice: z.number(),
  start: z.number().int(),
  limit: z.number().int(),
  /** Our addition for the revenue chart: completed revenue per month (YYYY-MM, India time), last 12 months. */
  revenueByMonth: z.array(z.object({ month: z.string(), revenue: z.number() })),
});
export type TPaymentSummary = z.infer<typeof zPaymentSummary>;

/** `GET /payments/apikey`: the public key, and which checkout the web app opens. */
export const zApiKey = z.object({ key: z.string(), mode: z.enum(["razorpay", "test"]) });
export type TApiKey = z.infer<typeof zApiKey>;

/** The test-mode checkout: pay or decline a pending test subscription. */
export const zTestCheckoutBody = z.object({ subscription_id: zProviderId });
export const zCheckoutSuccess = z.object({
  razorpay_payment_id: z.string(),
  razorpay_subscription_id: z.string(),
  razorpay_signature: z.string(),
});
export type TCheckoutSuccess = z.infer<typeof zCheckoutSuccess>;
