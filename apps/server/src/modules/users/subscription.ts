import type { TUser } from "@coderoom/shared/schemas/users";
import type { AppDeps } from "../../deps";
import type { UserRow } from "./sessions";

/**
 * The `subscription` of the user object. Until payments land every user is
 * inactive; payments replace this one function (it is async so it may read its tables).
 */
export async function presentSubscription(_deps: AppDeps, _user: UserRow): Promise<TUser["subscription"]> {
  return { id: null, status: "inactive", plan: null, expiresOn: null };
}
