import { z } from "zod";
import { paymentMessages } from "@coderoom/shared/messages";
import { zSuccess } from "@coderoom/shared/schemas/envelope";
import { zAllPaymentsBody, zApiKey, zBuyParams, zPayment, zPaymentSummary, zVerifyBody } from "@coderoom/shared/schemas/payments";
import type { AppDeps } from "../../deps";
import { currentUser, type Auth } from "../../http/auth";
import { ok } from "../../http/envelope";
import type { App } from "../../http/types";
import { formatPaymentDate } from "./billing-period";
import { buySubscription } from "./buy-subscription";
import { cancelSubscription } from "./cancel-subscription";
import { paymentHistory, paymentSummary } from "./list-payments";
import type { PaymentProvider } from "./provider";
import { testCheckoutRoutes } from "./test-checkout-routes";
import { verifyPayment } from "./verify-payment";
import { webhookRoutes } from "./webhook-routes";

const tags = ["payments"];
// Auth runs on onRequest, before body validation: a logged-out caller always gets 455.

/** Payments API of spec §7, the provider webhook and (in Test mode) the test checkout. */
export async function paymentRoutes(app: App, deps: AppDeps, auth: Auth, provider: PaymentProvider): Promise<void> {
  const { db } = deps.db;

  app.get(
    "/payments/apikey",
    { onRequest: auth.required, schema: { tags, response: { 200: zSuccess(zApiKey) } } },
    async () => ok(paymentMessages.apiKey, { key: provider.keyId, mode: provider.mode }),
  );

  app.get(
    "/payments/buy/:plan",
    // It creates a subscription, so it is refused cross-site like any write.
    { config: { stateChanging: true }, onRequest: auth.required, schema: { tags, params: zBuyParams, response: { 200: zSuccess(z.object({ id: z.string() })) } } },
    async (request) => {
      const created = await buySubscription(deps, provider, { user: currentUser(request), plan: request.params.plan });
      return ok(paymentMessages.subscriptionCreated, created);
    },
  );

  app.post(
    "/payments/verify",
    { onRequest: auth.required, schema: { tags, body: zVerifyBody, response: { 200: zSuccess(z.null()) } } },
    async (request) => {
      const { recorded } = await verifyPayment(deps, provider, { user: currentUser(request), body: request.body, log: request.log });
      return ok(recorded ? paymentMessages.verified : paymentMessages.alreadyVerified, null);
    },
  );

  app.get(
    "/payments/cancel",
    { config: { stateChanging: true }, onRequest: auth.required, schema: { tags, response: { 200: zSuccess(z.null()) } } },
    async (request) => {
      const until = await cancelSubscription(deps, provider, currentUser(request));
      return ok(paymentMessages.cancelled(formatPaymentDate(until)), null);
    },
  );

  app.get(
    "/payments/history",
    { onRequest: auth.required, schema: { tags, response: { 200: zSuccess(z.array(zPayment)) } } },
    async (request) => ok(paymentMessages.history, await paymentHistory(db, currentUser(request).id)),
  );

  app.post(
    "/payments/all",
    { onRequest: auth.admin, schema: { tags, body: zAllPaymentsBody.optional(), response: { 200: zSuccess(zPaymentSummary) } } },
    async (request) => {
      const page = request.body ?? zAllPaymentsBody.parse({});
      return ok(paymentMessages.all, await paymentSummary(db, page, deps.now()));
    },
  );

  await app.register(async (child: App) => webhookRoutes(child, deps, provider));
  if (provider.mode === "test") await testCheckoutRoutes(app, deps, auth, provider);
}
