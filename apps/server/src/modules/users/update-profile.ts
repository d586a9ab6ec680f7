import { eq } from "drizzle-orm";
import type { AppDeps } from "../../deps";
import { users } from "../../db/schema/users";
import { hasSqlState, UNIQUE_VIOLATION } from "../../db/sql-state";
import { toAvatarWebp } from "../storage/avatar-image";
import { removeAvatarFile, writeAvatarFile } from "../storage/avatar-store";
import { assertUsableEmail, findUserByEmail } from "./accounts";
import { authorize } from "./policy";
import { emailTaken } from "./register-user";
import type { UserRow } from "./sessions";

export interface ProfileChanges {
  fullName?: string;
  email?: string;
  /** The uploaded picture as sent; it is checked and re-encoded before anything is stored. */
  avatar?: Buffer;
}

/**
 * Applies name, e-mail and picture changes together: the picture is validated and
 * written first, then one transaction updates the row, and only then is the old
 * picture deleted (or the new one, if the update failed).
 */
export async function updateProfile(deps: AppDeps, user: UserRow, changes: ProfileChanges): Promise<UserRow> {
  const { db } = deps.db;
  const email = changes.email !== undefined && changes.email !== user.email ? changes.email : undefined;
  if (email !== undefined) {
    authorize(user, "changeEmail");
    assertUsableEmail(email);
    const owner = await findUserByEmail(db, email);
    if (owner && owner.id !== user.id) throw emailTaken();
  }
  const newFile = changes.avatar ? await writeAvatarFile(deps.config, await toAvatarWebp(changes.avatar)) : undefined;
  let result: { updated: UserRow; previousFile: string | null };
  try {
    result = await db.transaction(async (tx) => {
      const [current] = await tx
        .select({ avatarFile: users.avatarFile })
        .from(users)
        .where(eq(users.id, user.id))
        .for("update");
      const [updated] = await tx
        .update(users)
        .set({
          ...(changes.fullName !== undefined ? { fullName: changes.fullName } : {}),
          ...(email !== undefined ? { email } : {}),
          ...(newFile ? { avatarFile: newFile } : {}),
          updatedAt: deps.now(),
        })
        .where(eq(users.id, user.id))
        .returning();
      return { updated: updated!, previousFile: current?.avatarFile ?? null };
    });
  } catch (err) {
    await removeAvatarFile(deps.config, newFile ?? null);
    if (hasSqlState(err, UNIQUE_VIOLATION)) throw emailTaken();
    throw err;
  }
  if (newFile) await removeAvatarFile(deps.config, result.previousFile);
  return result.updated;
}
