import { SESSION_HINT_COOKIE } from "@coderoom/shared/constants/cookies";
import { getAuth } from "../lib/auth-store";
import { onSessionExpired } from "../lib/http";

/** True when the server's session-hint cookie is present in this browser. */
export function hasSessionHint(): boolean {
  return document.cookie.split(";").some((c) => c.trim().startsWith(`${SESSION_HINT_COOKIE}=`));
}

/** Drops the hint (the session behind it is gone), so later page loads stay quiet. */
export function clearSessionHint(): void {
  document.cookie = `${SESSION_HINT_COOKIE}=; Max-Age=0; Path=/; SameSite=Lax`;
}

/**
 * Whether asking GET /users/profile can succeed: this tab knows it is logged in, or
 * the browser holds a session (another tab, a reload after the tab was closed). A
 * visitor with neither is never sent the call, and so never sees its 455 in the console.
 */
export const maySeeProfile = (): boolean => getAuth().isLoggedIn || hasSessionHint();

// A 455 means the session is gone: the hint must not outlive it.
onSessionExpired(clearSessionHint);
