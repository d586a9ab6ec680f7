import type { AppDeps } from "../../deps";
import type { PaymentProvider } from "./provider";

// One provider per app (tests build several apps in one process), set when the routes register.
const providers = new WeakMap<AppDeps, PaymentProvider>();

export function registerPaymentProvider(deps: AppDeps, provider: PaymentProvider): void {
  providers.set(deps, provider);
}

/** The payment provider the app built from these deps uses (tests reach Test mode's checkout through it). */
export function paymentProviderOf(deps: AppDeps): PaymentProvider {
  const provider = providers.get(deps);
  if (!provider) throw new Error("payment routes are not registered for these deps");
  return provider;
}
