import { createHmac, timingSafeEqual } from "node:crypto";

/** hex(HMAC_SHA256(secret, message)), Razorpay's signature scheme for payments and webhooks. */
export function hmacHex(secret: string, message: string | Buffer): string {
  return createHmac("sha256", secret).update(message).digest("hex");
}

/** Constant-time comparison of a received hex signature with the expected one. */
export function signatureMatches(expectedHex: string, received: string): boolean {
  const a = Buffer.from(expectedHex, "utf8");
  const b = Buffer.from(received, "utf8");
  return a.length === b.length && timingSafeEqual(a, b);
}

/** The checkout signature of a subscription payment: payment id first, then the subscription id. */
export function subscriptionPaymentSignature(keySecret: string, paymentId: string, subscriptionId: string): string {
  return hmacHex(keySecret, `${paymentId}|${subscriptionId}`);
}
