import { and, eq } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import { plans } from "@coderoom/shared/constants/plans";
import { paymentMessages } from "@coderoom/shared/messages";
import type { TVerifyBody } from "@coderoom/shared/schemas/payments";
import type { AppDeps } from "../../deps";
import { subscriptions } from "../../db/schema/payments";
import { badRequest } from "../../http/errors";
import type { UserRow } from "../users/sessions";
import { applyCancellations } from "./after-commit";
import type { PaymentProvider } from "./provider";
import { lockSubscription, recordCharge } from "./record-charge";
import { signatureMatches, subscriptionPaymentSignature } from "./signatures";

/**
 * Verifies a checkout result against the subscription we stored for this user: the
 * signature in constant time, then body `amount`/`plan` for consistency only. The
 * charge is recorded once per payment id; a second verify answers success, changing nothing.
 */
export async function verifyPayment(
  deps: AppDeps,
  provider: PaymentProvider,
  opts: { user: UserRow; body: TVerifyBody; log: FastifyBaseLogger },
): Promise<{ recorded: boolean }> {
  const { user, body } = opts;
  const [sub] = await deps.db.db
    .select()
    .from(subscriptions)
    .where(and(eq(subscriptions.providerSubscriptionId, body.razorpay_subscription_id), eq(subscriptions.userId, user.id)))
    .limit(1);
  if (!sub) throw badRequest("subscription_not_found", paymentMessages.subscriptionUnknown);
  const expected = subscriptionPaymentSignature(provider.keySecret, body.razorpay_payment_id, sub.providerSubscriptionId);
  if (!signatureMatches(expected, body.razorpay_signature)) {
    throw badRequest("payment_signature_invalid", paymentMessages.signatureInvalid);
  }
  const amountOff = body.amount !== undefined && body.amount !== plans[sub.plan].price;
  const planOff = body.plan !== undefined && body.plan !== sub.plan;
  if (amountOff || planOff) throw badRequest("payment_mismatch", paymentMessages.mismatch);

  const result = await deps.db.db.transaction(async (tx) => {
    const locked = await lockSubscription(tx, sub.providerSubscriptionId);
    return recordCharge(tx, { sub: locked!, paymentId: body.razorpay_payment_id, now: deps.now() });
  });
  await applyCancellations(provider, result.cancellations, opts.log);
  return { recorded: result.recorded };
}
