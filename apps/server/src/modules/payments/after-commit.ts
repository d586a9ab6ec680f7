import type { FastifyBaseLogger } from "fastify";
import type { PaymentProvider } from "./provider";
import type { ProviderCancellation } from "./record-charge";

/**
 * Tells the provider to stop the subscriptions a charge superseded. Our records already
 * say so (the user's plan is right either way); a failure here is logged for an operator.
 */
export async function applyCancellations(provider: PaymentProvider, list: ProviderCancellation[], log: FastifyBaseLogger): Promise<void> {
  for (const c of list) {
    try {
      await provider.cancelSubscription(c.providerSubscriptionId, c.atCycleEnd);
    } catch (err) {
      log.error({ err, subscription: c.providerSubscriptionId }, "could not cancel a superseded subscription at the provider");
    }
  }
}
