import type { FastifyReply, FastifyRequest } from "fastify";
import type { AppDeps } from "../deps";
import { findSessionUser, touchLastSeen, type UserRow } from "../modules/users/sessions";
import { forbidden, sessionRequired } from "./errors";

export const SESSION_COOKIE = "coderoom_session";
/** Our tokens are 43 characters; anything far longer is not worth hashing or looking up. */
const MAX_TOKEN_LENGTH = 200;

declare module "fastify" {
  interface FastifyRequest {
    /** The logged-in user, set by the auth pre-handlers; never taken from a request body. */
    user: UserRow | null;
  }
}

/** Cookie options for the session cookie: httpOnly, SameSite=Lax, Secure under HTTPS. */
export function sessionCookieOptions(deps: AppDeps, maxAgeSeconds: number) {
  return {
    path: "/",
    httpOnly: true,
    sameSite: "lax" as const,
    secure: deps.config.secureCookies,
    maxAge: maxAgeSeconds,
  };
}

/** The session token the client sent, or undefined when there is none worth looking up. */
export function sessionToken(request: FastifyRequest): string | undefined {
  const token = request.cookies[SESSION_COOKIE];
  return token && token.length <= MAX_TOKEN_LENGTH ? token : undefined;
}

/** Pre-handlers that resolve the session cookie into `request.user`. */
export function createAuth(deps: AppDeps) {
  async function resolve(request: FastifyRequest): Promise<UserRow | null> {
    const token = sessionToken(request);
    if (!token) return null;
    const now = deps.now();
    const user = await findSessionUser(deps.db.db, token, now);
    if (user) await touchLastSeen(deps.db.db, user, now);
    return user;
  }

  return {
    /** 455 unless a valid session cookie is present. */
    async required(request: FastifyRequest, _reply: FastifyReply) {
      request.user = await resolve(request);
      if (!request.user) throw sessionRequired();
    },
    /** Sets request.user when logged in, null otherwise. */
    async optional(request: FastifyRequest, _reply: FastifyReply) {
      request.user = await resolve(request);
    },
    /** 455 when logged out, 403 unless the user is an ADMIN. */
    async admin(request: FastifyRequest, _reply: FastifyReply) {
      request.user = await resolve(request);
      if (!request.user) throw sessionRequired();
      if (request.user.role !== "ADMIN") throw forbidden("admin_only", "You don't have access to this page!");
    },
  };
}

export type Auth = ReturnType<typeof createAuth>;

/** The logged-in user inside a handler guarded by `auth.required` or `auth.admin`. */
export function currentUser(request: FastifyRequest): UserRow {
  if (!request.user) throw sessionRequired();
  return request.user;
}
