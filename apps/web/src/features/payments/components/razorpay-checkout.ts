import type { TCheckoutSuccess } from "@coderoom/shared/schemas/payments";

const SCRIPT_URL = "https://checkout.razorpay.com/v1/checkout.js";

interface RazorpayOptions {
  key: string;
  subscription_id: string;
  name: string;
  description: string;
  prefill: { name: string; email: string; contact: string };
  handler: (result: TCheckoutSuccess) => void;
  modal: { ondismiss: () => void };
}
type RazorpayCtor = new (options: RazorpayOptions) => { open(): void };

let loading: Promise<RazorpayCtor> | null = null;

/** Loads Razorpay's checkout script, once, and only when the Razorpay provider is active. */
function loadRazorpay(): Promise<RazorpayCtor> {
  const w = window as unknown as { Razorpay?: RazorpayCtor };
  if (w.Razorpay) return Promise.resolve(w.Razorpay);
  loading ??= new Promise<RazorpayCtor>((resolve, reject) => {
    const script = document.createElement("script");
    script.src = SCRIPT_URL;
    script.async = true;
    script.onload = () => (w.Razorpay ? resolve(w.Razorpay) : reject(new Error("Razorpay checkout did not load")));
    script.onerror = () => {
      loading = null;
      reject(new Error("Razorpay checkout could not be loaded"));
    };
    document.body.appendChild(script);
  }).catch((err: unknown) => {
    loading = null;
    throw err;
  });
  return loading;
}

/**
 * Opens Razorpay's checkout for a subscription; resolves with the signed result, or
 * null when the user closes it. Name and e-mail are prefilled, the contact starts as +91 (spec §3).
 */
export async function openRazorpayCheckout(opts: {
  key: string;
  subscriptionId: string;
  description: string;
  user: { fullName: string; email: string };
}): Promise<TCheckoutSuccess | null> {
  const Razorpay = await loadRazorpay();
  return new Promise((resolve) => {
    new Razorpay({
      key: opts.key,
      subscription_id: opts.subscriptionId,
      name: "CodeRoom",
      description: opts.description,
      prefill: { name: opts.user.fullName, email: opts.user.email, contact: "+91" },
      handler: (result) => resolve(result),
      modal: { ondismiss: () => resolve(null) },
    }).open();
  });
}
