import { plans, type TPlanId } from "@coderoom/shared/constants/plans";
import type { Db } from "../../db/client";
import type { UserRow } from "../users/sessions";
import { currentSubscription } from "./current-subscription";

/** What a user may do per day and own in total; null means unlimited. */
export interface PlanLimits {
  planId: TPlanId | "admin";
  maxRooms: number | null;
  runsPerDay: number | null;
  aiPerDay: number | null;
}

const adminLimits: PlanLimits = { planId: "admin", maxRooms: null, runsPerDay: null, aiPerDay: null };

/** The limits of one plan of the shared table. */
export function limitsForPlan(planId: TPlanId): PlanLimits {
  const plan = plans[planId];
  return { planId: plan.id, maxRooms: plan.maxRooms, runsPerDay: plan.runsPerDay, aiPerDay: plan.aiPerDay };
}

/**
 * The limits that apply to the user now: admins are unlimited; everyone else gets
 * the plan of their paid subscription unexpired at `now` (pass `deps.now()`), else Free.
 */
export async function planLimits(db: Db, user: Pick<UserRow, "id" | "role">, now: Date): Promise<PlanLimits> {
  if (user.role === "ADMIN") return adminLimits;
  return limitsForPlan((await currentSubscription(db, user.id, now))?.plan ?? "free");
}
