import { z } from "zod";
import { paymentMessages } from "@coderoom/shared/messages";
import { zSuccess } from "@coderoom/shared/schemas/envelope";
import type { AppDeps } from "../../deps";
import { ok } from "../../http/envelope";
import type { App } from "../../http/types";
import { handleWebhook } from "./handle-webhook";
import type { PaymentProvider } from "./provider";

export const WEBHOOK_PATH = "/payments/webhook";

/**
 * `POST /payments/webhook`, in its own context: the JSON body is kept as raw bytes,
 * because the signature covers exactly those bytes, not a re-serialisation.
 */
export async function webhookRoutes(app: App, deps: AppDeps, provider: PaymentProvider): Promise<void> {
  app.removeContentTypeParser("application/json");
  app.addContentTypeParser("application/json", { parseAs: "buffer" }, (_req, body, done) => done(null, body));

  app.post(WEBHOOK_PATH, { schema: { tags: ["payments"], response: { 200: zSuccess(z.object({ outcome: z.string() })) } } }, async (request) => {
    const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
    const header = (name: string) => {
      const v = request.headers[name];
      return typeof v === "string" ? v : undefined;
    };
    const outcome = await handleWebhook(deps, provider, {
      raw,
      signature: header("x-razorpay-signature"),
      eventId: header("x-razorpay-event-id"),
      log: request.log,
    });
    return ok(outcome === "duplicate" ? paymentMessages.webhookDuplicate : paymentMessages.webhookHandled, { outcome });
  });
}
