import { Crown, ShieldCheck } from "lucide-react";
import type { TUser } from "@coderoom/shared/schemas/users";
import { Badge } from "../../../components/ui/card.tsx";

/** True when the user holds a paid plan now (renewing, or cancelled but paid until `expiresOn`). */
export const hasActivePlan = (user: TUser) => user.subscription.status !== "inactive" && user.subscription.plan !== null;

/** True when the plan renews, so there is something to cancel. */
export const isRenewing = (user: TUser) => user.subscription.status === "active" && user.subscription.plan !== null;

const roleLabels: Record<string, string> = { ADMIN: "Administrator", CODER: "Member", GUEST: "Guest" };

/** A friendly name for the role (issue 10 §3.9: never the raw "CODER"). */
export const roleLabel = (role: string) => roleLabels[role] ?? role.charAt(0) + role.slice(1).toLowerCase();

/** Spec §4: Admin badge first for admins, then Basic/Pro when active, else Free. */
export function PlanBadges({ user }: { user: TUser }) {
  const plan = hasActivePlan(user) ? user.subscription.plan : null;
  return (
    <div className="flex flex-wrap items-center gap-2">
      {user.role === "ADMIN" && (
        <Badge tone="violet">
          <ShieldCheck className="size-3.5" aria-hidden />
          Admin
        </Badge>
      )}
      {plan === "pro" && (
        <Badge tone="amber">
          <Crown className="size-3.5" aria-hidden />
          Pro
        </Badge>
      )}
      {plan === "basic" && <Badge tone="indigo">Basic</Badge>}
      {!plan && <Badge tone="slate">Free</Badge>}
    </div>
  );
}
