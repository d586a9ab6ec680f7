import { and, desc, eq, gt } from "drizzle-orm";
import type { TPaidPlanId } from "@coderoom/shared/constants/plans";
import { paymentMessages, toastMessages } from "@coderoom/shared/messages";
import type { AppDeps } from "../../deps";
import { subscriptions } from "../../db/schema/payments";
import { users } from "../../db/schema/users";
import { conflict, forbidden } from "../../http/errors";
import type { UserRow } from "../users/sessions";
import type { PaymentProvider } from "./provider";

/**
 * Starts a purchase: the provider subscription the checkout will pay. Guests may not
 * buy (their account is deleted after GUEST_TTL_DAYS, taking the plan with it), admins
 * need nothing, and a plan already held and renewing is refused. A pending
 * subscription for the same plan is reused; a Pro holder buying Basic gets Basic after Pro ends.
 */
export async function buySubscription(
  deps: AppDeps,
  provider: PaymentProvider,
  opts: { user: UserRow; plan: TPaidPlanId },
): Promise<{ id: string }> {
  const { user, plan } = opts;
  if (user.role === "GUEST") throw forbidden("guest_cannot_subscribe", paymentMessages.guestCannotBuy);
  if (user.role === "ADMIN") throw conflict("already_subscribed", paymentMessages.adminHasAll);
  const now = deps.now();
  return deps.db.db.transaction(async (tx) => {
    // Serialises one user's buys, so a double click cannot create two provider subscriptions.
    await tx.select({ id: users.id }).from(users).where(eq(users.id, user.id)).for("update");
    const mine = and(eq(subscriptions.userId, user.id), eq(subscriptions.plan, plan));
    const [held] = await tx
      .select({ id: subscriptions.id })
      .from(subscriptions)
      .where(and(mine, eq(subscriptions.status, "active"), gt(subscriptions.paidUntil, now)))
      .limit(1);
    if (held) throw conflict("already_subscribed", plan === "pro" ? toastMessages.alreadyPro : toastMessages.alreadyBasic);
    const [pending] = await tx
      .select({ id: subscriptions.providerSubscriptionId })
      .from(subscriptions)
      .where(and(mine, eq(subscriptions.status, "pending"), eq(subscriptions.provider, provider.mode)))
      .orderBy(desc(subscriptions.createdAt))
      .limit(1);
    if (pending) return { id: pending.id };
    const created = await provider.createSubscription({ plan, userId: user.id });
    await tx.insert(subscriptions).values({
      userId: user.id,
      plan,
      provider: provider.mode,
      providerSubscriptionId: created.id,
      status: "pending",
      createdAt: now,
      updatedAt: now,
    });
    return { id: created.id };
  });
}
