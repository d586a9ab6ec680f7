import { Crown, ShieldCheck } from "lucide-react";
import type { TUser } from "@coderoom/shared/schemas/users";
import { Badge } from "../../../components/ui/card";

/** True when the user's paid plan is running. */
export const hasActivePlan = (user: TUser) => user.subscription.status === "active" && user.subscription.plan !== null;

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
