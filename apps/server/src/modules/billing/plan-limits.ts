import { plans, type TPlanId } from "@coderoom/shared/constants/plans";
import type { UserRow } from "../users/sessions";

/** What a user may do per day and own in total; null means unlimited. */
export interface PlanLimits {
  planId: TPlanId | "admin";
  maxRooms: number | null;
  runsPerDay: number | null;
  aiPerDay: number | null;
}

/**
 * The limits that apply to the user now, from the shared plan table. Admins are
 * unlimited; until the payments issue lands, everyone else is on Free.
 */
export function planLimits(user: Pick<UserRow, "role">): PlanLimits {
  if (user.role === "ADMIN") return { planId: "admin", maxRooms: null, runsPerDay: null, aiPerDay: null };
  const plan = plans.free;
  return { planId: plan.id, maxRooms: plan.maxRooms, runsPerDay: plan.runsPerDay, aiPerDay: plan.aiPerDay };
}
