import type { TRegisterBody } from "@coderoom/shared/schemas/users";
import type { AppDeps } from "../../deps";
import { users } from "../../db/schema/users";
import { conflict } from "../../http/errors";
import { assertUsableEmail, findUserByEmail } from "./accounts";
import { hashPassword } from "./password";
import type { UserRow } from "./sessions";
import { accountCreationRule } from "./rate-limits";
import { enforceThrottle } from "./throttle";

export const emailTaken = () => conflict("email_taken", "An account with this email already exists");

/**
 * Creates a CODER account. The early lookup saves a password hash on the common
 * duplicate; the unique index decides when two sign-ups race for one address.
 */
export async function registerUser(deps: AppDeps, opts: TRegisterBody & { ip: string }): Promise<UserRow> {
  const { db } = deps.db;
  assertUsableEmail(opts.email);
  await enforceThrottle(db, [accountCreationRule(opts.ip)], deps.now());
  if (await findUserByEmail(db, opts.email)) throw emailTaken();
  const passwordHash = await hashPassword(opts.password, deps.config.SCRYPT_LOG_N);
  const now = deps.now();
  const [user] = await db
    .insert(users)
    .values({
      fullName: opts.fullName,
      email: opts.email,
      passwordHash,
      role: "CODER",
      createdAt: now,
      updatedAt: now,
      lastSeenAt: now,
    })
    .onConflictDoNothing({ target: users.email })
    .returning();
  if (!user) throw emailTaken();
  return user;
}
