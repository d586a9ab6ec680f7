import { createHash, randomBytes } from "node:crypto";
import { and, eq, gt, lt } from "drizzle-orm";
import type { Db } from "../../db/client";
import { sessions, users } from "../../db/schema/users";

/** A users row as stored, password hash included: only presenters turn it into a response. */
export type UserRow = typeof users.$inferSelect;

/** sha256 hex of a secret token: what we store instead of the token itself. */
export function hashToken(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

/** A fresh 256-bit random token, URL-safe. */
export function newToken(): string {
  return randomBytes(32).toString("base64url");
}

/** Starts a session for the user and returns the cookie token (only its hash is stored). */
export async function createSession(
  db: Db,
  opts: { userId: string; ttlMs: number; now: Date; ip?: string; userAgent?: string },
): Promise<string> {
  const token = newToken();
  await db.insert(sessions).values({
    tokenHash: hashToken(token),
    userId: opts.userId,
    createdAt: opts.now,
    expiresAt: new Date(opts.now.getTime() + opts.ttlMs),
    ip: opts.ip ?? null,
    userAgent: opts.userAgent?.slice(0, 300) ?? null,
  });
  return token;
}

/** The user behind a live session token, or null when it is unknown or expired. */
export async function findSessionUser(db: Db, token: string, now: Date): Promise<UserRow | null> {
  const [row] = await db
    .select({ user: users })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.tokenHash, hashToken(token)), gt(sessions.expiresAt, now)))
    .limit(1);
  return row?.user ?? null;
}

/** Ends the session with this token (logout, and the old session at login). */
export async function revokeSession(db: Db, token: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.tokenHash, hashToken(token)));
}

/** Ends every session of the user (password change and reset). */
export async function revokeAllSessions(db: Db, userId: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.userId, userId));
}

const LAST_SEEN_RESOLUTION_MS = 3_600_000;

/**
 * Records that the user was active, at most once per hour: the in-memory check
 * skips the query almost always, and the guarded UPDATE is a no-op if another
 * request got there first. Guest cleanup reads last_seen_at.
 */
export async function touchLastSeen(db: Db, user: UserRow, now: Date): Promise<void> {
  const staleBefore = new Date(now.getTime() - LAST_SEEN_RESOLUTION_MS);
  if (user.lastSeenAt > staleBefore) return;
  await db
    .update(users)
    .set({ lastSeenAt: now })
    .where(and(eq(users.id, user.id), lt(users.lastSeenAt, staleBefore)));
  user.lastSeenAt = now;
}

/** Drops sessions past their expiry (housekeeping). */
export async function deleteExpiredSessions(db: Db, now: Date): Promise<void> {
  await db.delete(sessions).where(lt(sessions.expiresAt, now));
}
