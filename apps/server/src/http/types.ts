import type {
  FastifyBaseLogger,
  FastifyInstance,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
} from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type { PaymentProvider } from "../modules/payments/provider";
import type { Metrics } from "../modules/system/metrics";
import type { ReadinessCheck } from "../modules/system/readiness";

/** The Fastify instance with zod schemas as its type provider. */
export type App = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  ZodTypeProvider
>;

declare module "fastify" {
  interface FastifyInstance {
    /** What `/readyz` checks. */
    readiness: ReadinessCheck[];
    /** What `/metrics` reports. */
    metrics: Metrics;
    /** Razorpay, or Test mode when Razorpay is not configured. */
    payments: PaymentProvider;
  }
  interface FastifyContextConfig {
    /** A GET that changes state (spec §7 logout, guest-login, buy, cancel): refused cross-site. */
    stateChanging?: boolean;
  }
}
