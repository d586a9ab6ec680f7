import { and, eq, gt, inArray } from "drizzle-orm";
import { paymentMessages } from "@coderoom/shared/messages";
import type { AppDeps } from "../../deps";
import { subscriptions } from "../../db/schema/payments";
import { badRequest } from "../../http/errors";
import type { UserRow } from "../users/sessions";
import type { PaymentProvider } from "./provider";

/**
 * Cancels the user's renewing subscriptions at the end of their cycle: the provider
 * first (a failure changes nothing here), then our record. The plan stays until
 * paidUntil, after which the user is on Free. Returns the date access ends.
 */
export async function cancelSubscription(deps: AppDeps, provider: PaymentProvider, user: UserRow): Promise<Date> {
  const now = deps.now();
  const renewing = await deps.db.db
    .select()
    .from(subscriptions)
    .where(and(eq(subscriptions.userId, user.id), eq(subscriptions.status, "active"), gt(subscriptions.paidUntil, now)));
  if (renewing.length === 0) throw badRequest("no_active_subscription", paymentMessages.noSubscription);
  for (const sub of renewing) await provider.cancelSubscription(sub.providerSubscriptionId, true);
  await deps.db.db
    .update(subscriptions)
    .set({ status: "cancelling", updatedAt: now })
    .where(inArray(subscriptions.id, renewing.map((s) => s.id)));
  const ends = await deps.db.db
    .select({ paidUntil: subscriptions.paidUntil })
    .from(subscriptions)
    .where(and(eq(subscriptions.userId, user.id), inArray(subscriptions.status, ["cancelling", "ended"]), gt(subscriptions.paidUntil, now)));
  return ends.reduce((max, r) => (r.paidUntil && r.paidUntil > max ? r.paidUntil : max), now);
}
