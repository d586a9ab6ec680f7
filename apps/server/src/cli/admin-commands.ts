import { asc, eq } from "drizzle-orm";
import type { Db } from "../db/client";
import { users } from "../db/schema/users";

const USAGE = [
  "Usage: npm run admin -- <command>",
  "  grant <email>    make the account an ADMIN",
  "  revoke <email>   make an ADMIN a regular user (CODER) again",
  "  list             list the ADMIN accounts",
].join("\n");

export interface CliIo {
  out: (line: string) => void;
  err: (line: string) => void;
}

async function setRole(db: Db, io: CliIo, email: string, grant: boolean): Promise<number> {
  const [user] = await db.select().from(users).where(eq(users.email, email.trim().toLowerCase()));
  if (!user) {
    io.err(`No account with the email ${email}.`);
    return 1;
  }
  if (user.role === "GUEST") {
    io.err(`${user.email} is a guest account; guests cannot be admins.`);
    return 1;
  }
  const target = grant ? "ADMIN" : "CODER";
  if (user.role === target) {
    io.out(grant ? `${user.email} is already an admin.` : `${user.email} is not an admin; nothing to revoke.`);
    return 0;
  }
  await db.update(users).set({ role: target }).where(eq(users.id, user.id));
  io.out(grant ? `${user.email} is now an admin.` : `${user.email} is no longer an admin (role CODER).`);
  return 0;
}

/**
 * The admin command on an open database: grant / revoke / list. Returns the exit
 * code. This is the only way to make an admin; no API can.
 */
export async function runAdmin(db: Db, args: string[], io: CliIo): Promise<number> {
  const [command, email, ...extra] = args;
  if ((command === "grant" || command === "revoke") && email && extra.length === 0) {
    return setRole(db, io, email, command === "grant");
  }
  if (command === "list" && !email) {
    const admins = await db
      .select({ email: users.email, fullName: users.fullName })
      .from(users)
      .where(eq(users.role, "ADMIN"))
      .orderBy(asc(users.email));
    if (admins.length === 0) io.out("No admins yet. Make one with: npm run admin -- grant <email>");
    for (const admin of admins) io.out(`${admin.email}\t${admin.fullName}`);
    return 0;
  }
  io.err(USAGE);
  return 2;
}

