import { createHash } from "node:crypto";
import { eq } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import { plans } from "@coderoom/shared/constants/plans";
import { paymentMessages } from "@coderoom/shared/messages";
import type { AppDeps } from "../../deps";
import { paymentWebhookEvents, payments, subscriptions } from "../../db/schema/payments";
import { badRequest } from "../../http/errors";
import { applyCancellations } from "./after-commit";
import type { PaymentProvider } from "./provider";
import { lockSubscription, recordCharge, type ProviderCancellation } from "./record-charge";
import { hmacHex, signatureMatches } from "./signatures";
import { handledEvents, zWebhookEvent, type TWebhookEvent } from "./webhook-event";

export type WebhookOutcome = "handled" | "duplicate" | "ignored";

/**
 * Handles one provider webhook. The signature is checked over the raw bytes; the event
 * id is recorded in the same transaction as its effect, so a replay does nothing and a
 * failure lets the provider retry. Every effect is monotonic (a charge is counted once,
 * an ended subscription never comes back), so events may arrive in any order.
 */
export async function handleWebhook(
  deps: AppDeps,
  provider: PaymentProvider,
  opts: { raw: Buffer; signature: string | undefined; eventId: string | undefined; log: FastifyBaseLogger },
): Promise<WebhookOutcome> {
  const { raw } = opts;
  if (!opts.signature || !signatureMatches(hmacHex(provider.webhookSecret, raw), opts.signature)) {
    throw badRequest("webhook_signature_invalid", paymentMessages.webhookSignatureInvalid);
  }
  let json: unknown;
  try {
    json = JSON.parse(raw.toString("utf8"));
  } catch {
    throw badRequest("invalid_json", "The webhook body is not valid JSON");
  }
  const parsed = zWebhookEvent.safeParse(json);
  if (!parsed.success) throw badRequest("validation_failed", "The webhook body is not a Razorpay event");
  const event = parsed.data;
  if (!(handledEvents as readonly string[]).includes(event.event)) return "ignored";
  const eventId = opts.eventId || createHash("sha256").update(raw).digest("hex");
  const now = deps.now();

  const result = await deps.db.db.transaction(async (tx) => {
    const fresh = await tx
      .insert(paymentWebhookEvents)
      .values({ eventId, event: event.event, receivedAt: now })
      .onConflictDoNothing()
      .returning({ eventId: paymentWebhookEvents.eventId });
    if (fresh.length === 0) return { outcome: "duplicate" as const, cancellations: [] };
    const subId = event.payload.subscription?.entity.id ?? event.payload.payment?.entity.subscription_id ?? undefined;
    const sub = subId ? await lockSubscription(tx, subId) : null;
    // Subscriptions we never created (another app on the same account) are not ours to track.
    if (!sub) return { outcome: "ignored" as const, cancellations: [] };
    const cancellations: ProviderCancellation[] = await apply(tx, event, sub, now);
    return { outcome: "handled" as const, cancellations };
  });
  await applyCancellations(provider, result.cancellations, opts.log);
  return result.outcome;
}

type Tx = Parameters<Parameters<AppDeps["db"]["db"]["transaction"]>[0]>[0];
type Sub = NonNullable<Awaited<ReturnType<typeof lockSubscription>>>;

async function apply(tx: Tx, event: TWebhookEvent, sub: Sub, now: Date): Promise<ProviderCancellation[]> {
  switch (event.event) {
    case "subscription.charged": {
      const paymentId = event.payload.payment?.entity.id;
      if (!paymentId) return [];
      return (await recordCharge(tx, { sub, paymentId, now })).cancellations;
    }
    case "subscription.cancelled":
    case "subscription.completed":
    case "subscription.halted":
      // No more renewals; time already paid for still counts (bounded by paidUntil).
      if (sub.status === "pending" || sub.status === "active" || sub.status === "cancelling") {
        await tx.update(subscriptions).set({ status: "ended", updatedAt: now }).where(eq(subscriptions.id, sub.id));
      }
      return [];
    case "payment.failed": {
      const paymentId = event.payload.payment?.entity.id;
      if (!paymentId) return [];
      // Shown as cancelled; a completed record of the same payment (seen first) is left alone.
      await tx
        .insert(payments)
        .values({
          userId: sub.userId,
          amount: plans[sub.plan].price,
          status: "cancelled",
          razorpayPaymentId: paymentId,
          razorpaySubscriptionId: sub.providerSubscriptionId,
          createdAt: now,
        })
        .onConflictDoNothing();
      return [];
    }
    default:
      // subscription.activated: access starts with the charge, which has its own event.
      return [];
  }
}
