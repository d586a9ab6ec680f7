import { eq } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import { validationMessages } from "@coderoom/shared/messages";
import type { AppDeps } from "../../deps";
import { users } from "../../db/schema/users";
import { hasSqlState, UNIQUE_VIOLATION } from "../../db/sql-state";
import { toAvatarWebp } from "../storage/avatar-image";
import { deleteAvatar, insertAvatar } from "../storage/avatar-store";
import { assertUsableEmail, findUserByEmail } from "./accounts";
import { badRequest } from "../../http/errors";
import { sendEmailChangedNotice } from "./email-change-notice";
import { verifyPassword } from "./password";
import { authorize } from "./policy";
import { changeEmailRule } from "./rate-limits";
import { enforceThrottle } from "./throttle";
import { emailTaken } from "./register-user";
import type { UserRow } from "./sessions";

export interface ProfileChanges {
  fullName?: string;
  email?: string;
  /** The uploaded picture as sent; it is checked and re-encoded before anything is stored. */
  avatar?: Buffer;
  /** Needed (for accounts with a password) only when the e-mail changes. */
  currentPassword?: string;
}

/**
 * A new e-mail takes over password resets, so a session alone must not be enough to
 * set one (OWASP ASVS 5.0 V7.5.1: full re-authentication before changing the
 * account's recovery address). Checked before the address is looked up, so that a stolen session
 * cannot learn which addresses have accounts either.
 */
async function assertMayChangeEmail(deps: AppDeps, user: UserRow, newEmail: string, currentPassword?: string): Promise<void> {
  authorize(user, "changeEmail");
  assertUsableEmail(newEmail);
  if (user.passwordHash) {
    if (!currentPassword) throw badRequest("current_password_required", validationMessages.currentPasswordForEmail);
    await enforceThrottle(deps.db.db, [changeEmailRule(user.id)], deps.now());
    if (!(await verifyPassword(currentPassword, user.passwordHash))) {
      throw badRequest("wrong_password", "Current password is incorrect");
    }
  }
  const owner = await findUserByEmail(deps.db.db, newEmail);
  if (owner && owner.id !== user.id) throw emailTaken();
}

/**
 * Applies name, e-mail and picture changes together: the picture is validated and
 * re-encoded first, then one transaction stores it, updates the row and deletes the
 * previous picture, so a failure leaves neither a half-changed row nor a stray file.
 * A changed e-mail needs the current password and is announced to the old address.
 */
export async function updateProfile(
  deps: AppDeps,
  user: UserRow,
  changes: ProfileChanges,
  log: Pick<FastifyBaseLogger, "error"> = { error: () => undefined },
): Promise<UserRow> {
  const { db } = deps.db;
  const email = changes.email !== undefined && changes.email !== user.email ? changes.email : undefined;
  if (email !== undefined) await assertMayChangeEmail(deps, user, email, changes.currentPassword);
  const webp = changes.avatar ? await toAvatarWebp(changes.avatar) : undefined;
  let updated: UserRow;
  try {
    updated = await db.transaction(async (tx) => {
      const [current] = await tx
        .select({ avatarFile: users.avatarFile })
        .from(users)
        .where(eq(users.id, user.id))
        .for("update");
      const newFile = webp ? await insertAvatar(tx, user.id, webp) : undefined;
      const [row] = await tx
        .update(users)
        .set({
          ...(changes.fullName !== undefined ? { fullName: changes.fullName } : {}),
          ...(email !== undefined ? { email } : {}),
          ...(newFile ? { avatarFile: newFile } : {}),
          updatedAt: deps.now(),
        })
        .where(eq(users.id, user.id))
        .returning();
      if (newFile) await deleteAvatar(tx, user.id, current?.avatarFile ?? null);
      return row!;
    });
  } catch (err) {
    if (hasSqlState(err, UNIQUE_VIOLATION)) throw emailTaken();
    throw err;
  }
  if (email !== undefined) {
    sendEmailChangedNotice(deps, { name: updated.fullName, oldEmail: user.email, newEmail: email, log });
  }
  return updated;
}
