import type { FastifyReply, FastifyRequest } from "fastify";
import type { AppDeps } from "../../deps";
import { SESSION_COOKIE, sessionCookieOptions, sessionToken } from "../../http/auth";
import { createSession, revokeSession, type UserRow } from "./sessions";

const DAY_MS = 86_400_000;

/** How long a new session of this user lasts: guests get GUEST_TTL_DAYS, everyone else SESSION_TTL_DAYS. */
export function sessionTtlMs(deps: AppDeps, user: Pick<UserRow, "role">): number {
  const days = user.role === "GUEST" ? deps.config.GUEST_TTL_DAYS : deps.config.SESSION_TTL_DAYS;
  return days * DAY_MS;
}

/**
 * Starts a fresh session for the user and sets its cookie. The session the client
 * arrived with, if any, is revoked: every login gets a new token.
 */
export async function startSession(deps: AppDeps, request: FastifyRequest, reply: FastifyReply, user: UserRow): Promise<void> {
  const previous = sessionToken(request);
  if (previous) await revokeSession(deps.db.db, previous);
  const ttlMs = sessionTtlMs(deps, user);
  const token = await createSession(deps.db.db, {
    userId: user.id,
    ttlMs,
    now: deps.now(),
    ip: request.ip,
    userAgent: request.headers["user-agent"],
  });
  reply.setCookie(SESSION_COOKIE, token, sessionCookieOptions(deps, Math.floor(ttlMs / 1000)));
}

/** Revokes the client's session (if it has one) and clears its cookie. */
export async function endSession(deps: AppDeps, request: FastifyRequest, reply: FastifyReply): Promise<void> {
  const token = sessionToken(request);
  if (token) await revokeSession(deps.db.db, token);
  const { maxAge: _maxAge, ...options } = sessionCookieOptions(deps, 0);
  reply.clearCookie(SESSION_COOKIE, options);
}
