import type { TUser } from "@coderoom/shared/schemas/users";
import type { AppDeps } from "../../deps";
import { currentSubscription } from "../billing/current-subscription";
import type { UserRow } from "./sessions";

/**
 * The `subscription` of the user object, from our own records at `deps.now()`:
 * `active` while paid and renewing, `cancelled` while paid but ending at
 * `expiresOn` (the plan is still held until then), `inactive` on Free.
 * `id` is the provider's subscription id, the one payment records carry.
 */
export async function presentSubscription(deps: AppDeps, user: UserRow): Promise<TUser["subscription"]> {
  const sub = await currentSubscription(deps.db.db, user.id, deps.now());
  if (!sub?.paidUntil) return { id: null, status: "inactive", plan: null, expiresOn: null };
  return {
    id: sub.providerSubscriptionId,
    status: sub.status === "active" ? "active" : "cancelled",
    plan: sub.plan,
    expiresOn: sub.paidUntil.toISOString(),
  };
}
