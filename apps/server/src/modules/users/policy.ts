import { forbidden } from "../../http/errors";
import type { UserRow } from "./sessions";

/** What a user may do to their own account. Guests have no password and a placeholder e-mail. */
export type AccountAction = "changePassword" | "changeEmail" | "upgradeGuest";

/** True when the user may perform the action on their own account. */
export function can(user: Pick<UserRow, "role">, action: AccountAction): boolean {
  switch (action) {
    case "changePassword":
    case "changeEmail":
      return user.role !== "GUEST";
    case "upgradeGuest":
      return user.role === "GUEST";
  }
}

const refusals: Record<AccountAction, string> = {
  changePassword: "Guest accounts have no password. Sign up to keep your work.",
  changeEmail: "Guest accounts cannot change their email. Sign up to keep your work.",
  upgradeGuest: "Only a guest account can be turned into a full account",
};

/** 403 unless the user may perform the action. */
export function authorize(user: Pick<UserRow, "role">, action: AccountAction): void {
  if (!can(user, action)) throw forbidden("forbidden", refusals[action]);
}
