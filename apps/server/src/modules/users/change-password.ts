import { eq } from "drizzle-orm";
import type { TChangePasswordBody } from "@coderoom/shared/schemas/users";
import type { AppDeps } from "../../deps";
import { users } from "../../db/schema/users";
import { badRequest } from "../../http/errors";
import { hashPassword, verifyPassword } from "./password";
import { authorize } from "./policy";
import { spendResetTokens } from "./password-reset";
import { changePasswordRule } from "./rate-limits";
import { revokeAllSessions, type UserRow } from "./sessions";
import { enforceThrottle } from "./throttle";

/**
 * Sets a new password after checking the current one, then ends every session of
 * the user (other devices are logged out; the caller starts a fresh one) and spends
 * every outstanding reset link, which would otherwise still set a password.
 */
export async function changePassword(deps: AppDeps, user: UserRow, body: TChangePasswordBody): Promise<void> {
  const { db } = deps.db;
  authorize(user, "changePassword");
  await enforceThrottle(db, [changePasswordRule(user.id)], deps.now());
  if (!user.passwordHash || !(await verifyPassword(body.oldPassword, user.passwordHash))) {
    throw badRequest("wrong_password", "Current password is incorrect");
  }
  const passwordHash = await hashPassword(body.newPassword, deps.config.SCRYPT_LOG_N);
  await db.transaction(async (tx) => {
    const now = deps.now();
    await tx.update(users).set({ passwordHash, updatedAt: now }).where(eq(users.id, user.id));
    await spendResetTokens(tx, user.id, now);
    await revokeAllSessions(tx, user.id);
  });
  deps.events.emit("user.sessionsRevoked", { userId: user.id });
}
