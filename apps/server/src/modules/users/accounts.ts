import { eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { users } from "../../db/schema/users";
import { badRequest } from "../../http/errors";
import type { UserRow } from "./sessions";

/** Placeholder addresses of guest accounts live here; nobody can register or switch to it. */
export const GUEST_EMAIL_DOMAIN = "guest.coderoom.invalid";

/** The account with this (already lower-cased) e-mail, or null. */
export async function findUserByEmail(db: Db, email: string): Promise<UserRow | null> {
  const [user] = await db.select().from(users).where(eq(users.email, email)).limit(1);
  return user ?? null;
}

/** Refuses the reserved guest domain, so a real account can never collide with a guest's address. */
export function assertUsableEmail(email: string): void {
  if (email.endsWith(`@${GUEST_EMAIL_DOMAIN}`)) {
    throw badRequest("validation_failed", "This email domain is reserved");
  }
}
