import type { IncomingHttpHeaders, IncomingMessage } from "node:http";
import { parse as parseCookies } from "cookie";
import { and, eq, gt } from "drizzle-orm";
import { sessions } from "../db/schema/users";
import type { AppDeps } from "../deps";
import { SESSION_COOKIE } from "../http/auth";
import { clientIp } from "../http/client-ip";
import { allowedOrigins } from "../http/origin-check";
import { avatarUrl } from "../modules/storage/avatar-store";
import { findSessionUser, hashToken, type UserRow } from "../modules/users/sessions";
import type { SocketUser } from "./editor/editor-extension";

const MAX_TOKEN_LENGTH = 200;

/** A handshake's identity: the session user and the hash of their token. */
export interface HandshakeIdentity {
  user: UserRow;
  sessionHash: string;
}

/** The session token of a request's Cookie header, when there is one worth looking up. */
function sessionCookie(headers: IncomingHttpHeaders): string | undefined {
  const token = headers.cookie ? parseCookies(headers.cookie)[SESSION_COOKIE] : undefined;
  return token && token.length <= MAX_TOKEN_LENGTH ? token : undefined;
}

/** True when the request carries a session cookie (live or not). */
export function hasSessionCookie(headers: IncomingHttpHeaders): boolean {
  return sessionCookie(headers) !== undefined;
}

/** Resolves the session cookie of a handshake (Socket.IO or `/collab`) into its user, or null. */
export async function identify(deps: AppDeps, headers: IncomingHttpHeaders): Promise<HandshakeIdentity | null> {
  const token = sessionCookie(headers);
  if (!token) return null;
  const user = await findSessionUser(deps.db.db, token, deps.now());
  return user ? { user, sessionHash: hashToken(token) } : null;
}

/** The client's address of a handshake, as REST's `request.ip` reads it (TRUST_PROXY's proxies only). */
export function handshakeAddress(deps: AppDeps, req: IncomingMessage): string {
  return clientIp(req, deps.config.TRUST_PROXY) || "unknown";
}

/** True when the session with this hash still exists and has not expired. */
export async function sessionAlive(deps: AppDeps, sessionHash: string): Promise<boolean> {
  const rows = await deps.db.db
    .select({ h: sessions.tokenHash })
    .from(sessions)
    .where(and(eq(sessions.tokenHash, sessionHash), gt(sessions.expiresAt, deps.now())))
    .limit(1);
  return rows.length > 0;
}

/**
 * Browsers send Origin on websocket and cross-origin polling requests: a page of
 * another site must not open a socket with the user's cookie. A request without
 * Origin is not from a browser page and cannot be a cross-site vector.
 */
export function createHandshakeOriginCheck(deps: AppDeps) {
  const allowed = allowedOrigins(deps.config);
  return (headers: IncomingHttpHeaders): boolean => {
    const origin = headers.origin;
    if (!origin) return true;
    if (allowed.has(origin)) return true;
    const host = headers.host;
    return host !== undefined && (origin === `http://${host}` || origin === `https://${host}`);
  };
}

/** The user as room members see them: first name (as the original client shows it), avatar URL, role. */
export function socketUser(deps: AppDeps, user: UserRow): SocketUser {
  const avatar = avatarUrl(deps.config.PUBLIC_URL, user.avatarFile) ?? undefined;
  return { id: user.id, name: user.fullName.trim().split(/\s+/)[0] || user.fullName, avatar, role: user.role };
}
