import { randomBytes } from "node:crypto";
import { users } from "../src/db/schema/users";
import { hashPassword } from "../src/modules/users/password";
import { createSession, type UserRow } from "../src/modules/users/sessions";
import { Agent } from "./agent";
import type { TestContext } from "./test-app";

export const DEFAULT_PASSWORD = "Passw0rd!x";

/** Inserts a user straight into the database (no HTTP), with a known password. */
export async function createUser(
  ctx: TestContext,
  opts: { role?: UserRow["role"]; email?: string; fullName?: string; password?: string } = {},
): Promise<{ user: UserRow; password: string }> {
  const password = opts.password ?? DEFAULT_PASSWORD;
  const [user] = await ctx.deps.db.db
    .insert(users)
    .values({
      fullName: opts.fullName ?? "Test User",
      email: opts.email ?? `user-${randomBytes(5).toString("hex")}@example.com`,
      passwordHash: opts.role === "GUEST" ? null : await hashPassword(password, ctx.deps.config.SCRYPT_LOG_N),
      role: opts.role ?? "CODER",
      createdAt: ctx.clock.now,
      updatedAt: ctx.clock.now,
    })
    .returning();
  return { user: user!, password };
}

/** An Agent already logged in as the user (session created directly). */
export async function agentFor(ctx: TestContext, user: UserRow): Promise<Agent> {
  const token = await createSession(ctx.deps.db.db, { userId: user.id, ttlMs: 86_400_000, now: ctx.clock.now });
  return new Agent(ctx.app, token);
}

/** A new user and an Agent logged in as them. */
export async function loggedInUser(ctx: TestContext, opts: Parameters<typeof createUser>[1] = {}) {
  const { user, password } = await createUser(ctx, opts);
  return { user, password, agent: await agentFor(ctx, user) };
}
