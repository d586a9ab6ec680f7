import { and, eq } from "drizzle-orm";
import { z } from "zod";
import { paymentMessages } from "@coderoom/shared/messages";
import { zSuccess } from "@coderoom/shared/schemas/envelope";
import { zCheckoutSuccess, zTestCheckoutBody } from "@coderoom/shared/schemas/payments";
import type { AppDeps } from "../../deps";
import { subscriptions } from "../../db/schema/payments";
import { currentUser, type Auth } from "../../http/auth";
import { ok } from "../../http/envelope";
import { notFound } from "../../http/errors";
import type { App } from "../../http/types";
import type { PaymentProvider } from "./provider";
import type { TestProvider } from "./test-provider";

/**
 * Test mode's checkout, what Razorpay's hosted checkout does: Pay answers the signed
 * success result (which the client then verifies, as with Razorpay) and Decline
 * reports a failed payment. Only for the caller's own Test mode subscription.
 */
export async function testCheckoutRoutes(app: App, deps: AppDeps, auth: Auth, provider: PaymentProvider): Promise<void> {
  const checkout = (provider as TestProvider).checkout;
  const tags = ["payments (test mode)"];

  async function ownTestSubscription(userId: string, providerSubscriptionId: string) {
    const [sub] = await deps.db.db
      .select()
      .from(subscriptions)
      .where(and(eq(subscriptions.userId, userId), eq(subscriptions.providerSubscriptionId, providerSubscriptionId), eq(subscriptions.provider, "test")))
      .limit(1);
    if (!sub) throw notFound("subscription_not_found", paymentMessages.subscriptionUnknown);
    return { id: sub.providerSubscriptionId, plan: sub.plan, userId: sub.userId };
  }

  app.post(
    "/payments/test-checkout/pay",
    { onRequest: auth.required, schema: { tags, body: zTestCheckoutBody, response: { 200: zSuccess(zCheckoutSuccess) } } },
    async (request) => {
      const sub = await ownTestSubscription(currentUser(request).id, request.body.subscription_id);
      return ok("Test payment made", checkout.pay(sub));
    },
  );

  app.post(
    "/payments/test-checkout/decline",
    { onRequest: auth.required, schema: { tags, body: zTestCheckoutBody, response: { 200: zSuccess(z.null()) } } },
    async (request) => {
      checkout.decline(await ownTestSubscription(currentUser(request).id, request.body.subscription_id));
      return ok(paymentMessages.declined, null);
    },
  );
}
