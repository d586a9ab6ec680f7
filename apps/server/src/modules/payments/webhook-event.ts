import { z } from "zod";
import { zIdentifier } from "@coderoom/shared/validation";

/** The webhook events we act on (Razorpay's names). */
export const handledEvents = [
  "subscription.activated",
  "subscription.charged",
  "subscription.cancelled",
  "subscription.halted",
  "subscription.completed",
  "payment.failed",
] as const;

const zEntity = <T extends z.ZodRawShape>(shape: T) => z.object({ entity: z.object(shape).loose() });

/** The parts of a Razorpay webhook body we read; everything else is ignored. */
export const zWebhookEvent = z
  .object({
    event: z.string().max(100),
    created_at: z.number().optional(),
    payload: z
      .object({
        subscription: zEntity({ id: zIdentifier(100) }).optional(),
        payment: zEntity({
          id: zIdentifier(100),
          subscription_id: zIdentifier(100).nullish(),
          notes: z.record(z.string(), z.unknown()).nullish().or(z.array(z.unknown())),
        }).optional(),
      })
      .loose(),
  })
  .loose();
export type TWebhookEvent = z.infer<typeof zWebhookEvent>;

/** Builds a webhook body the way Razorpay shapes it (used by Test mode and tests). */
export function webhookEvent(
  event: (typeof handledEvents)[number],
  entities: { subscription?: Record<string, unknown> & { id: string }; payment?: Record<string, unknown> & { id: string } },
): TWebhookEvent {
  const payload: Record<string, { entity: Record<string, unknown> }> = {};
  if (entities.subscription) payload.subscription = { entity: { entity: "subscription", ...entities.subscription } };
  if (entities.payment) payload.payment = { entity: { entity: "payment", ...entities.payment } };
  return {
    entity: "event",
    event,
    contains: Object.keys(payload),
    payload,
    created_at: Math.floor(Date.now() / 1000),
  } as TWebhookEvent;
}
