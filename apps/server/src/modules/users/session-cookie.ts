import type { FastifyReply, FastifyRequest } from "fastify";
import { SESSION_HINT_COOKIE } from "@coderoom/shared/constants/cookies";
import type { AppDeps } from "../../deps";
import { SESSION_COOKIE, sessionCookieOptions, sessionToken } from "../../http/auth";
import { createSession, findSessionUser, revokeSession, type UserRow } from "./sessions";

const DAY_MS = 86_400_000;

/** How long a new session of this user lasts: guests get GUEST_TTL_DAYS, everyone else SESSION_TTL_DAYS. */
export function sessionTtlMs(deps: AppDeps, user: Pick<UserRow, "role">): number {
  const days = user.role === "GUEST" ? deps.config.GUEST_TTL_DAYS : deps.config.SESSION_TTL_DAYS;
  return days * DAY_MS;
}

/**
 * Starts a fresh session for the user and sets its cookie, plus the session-hint cookie. The session the client
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
  const options = sessionCookieOptions(deps, Math.floor(ttlMs / 1000));
  reply.setCookie(SESSION_COOKIE, token, options);
  // Script-readable and secret-free: it only tells the web app a session exists.
  reply.setCookie(SESSION_HINT_COOKIE, "1", { ...options, httpOnly: false });
}

/** Revokes the client's session (if it has one) and clears its cookie. */
export async function endSession(deps: AppDeps, request: FastifyRequest, reply: FastifyReply): Promise<void> {
  const token = sessionToken(request);
  const user = token ? await findSessionUser(deps.db.db, token, deps.now()) : null;
  if (token) await revokeSession(deps.db.db, token);
  // The realtime layer closes the sockets opened with this session.
  if (user) deps.events.emit("user.sessionsRevoked", { userId: user.id });
  const { maxAge: _maxAge, ...options } = sessionCookieOptions(deps, 0);
  reply.clearCookie(SESSION_COOKIE, options);
  reply.clearCookie(SESSION_HINT_COOKIE, { ...options, httpOnly: false });
}
