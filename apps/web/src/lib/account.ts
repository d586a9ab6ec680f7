import type { TUser } from "@coderoom/shared/schemas/users";
import { loadingMessages } from "@coderoom/shared/messages";
import { api } from "./http";
import { clearAuth, setAuthFromResponse } from "./auth-store";

/**
 * Re-fetches the current user (GET /users/profile) into the auth store. Failures are
 * only logged (spec §8); a 455 logs out through the http client. `quiet` skips the
 * loading toast for background refreshes on navigation.
 */
export async function refreshProfile(opts: { quiet?: boolean } = {}): Promise<TUser | null> {
  try {
    const res = await api<TUser>("/users/profile", {
      loading: opts.quiet ? undefined : loadingMessages.fetchProfile,
      toastSuccess: false,
      toastError: false,
    });
    setAuthFromResponse(res);
    return res.data;
  } catch (err) {
    console.warn("Profile fetch failed:", (err as Error).message);
    return null;
  }
}

/** Logs out on the server (GET /users/logout), then clears auth and room state. */
export async function logout(): Promise<boolean> {
  try {
    await api("/users/logout", { loading: loadingMessages.logOut });
  } catch {
    return false;
  }
  clearAuth();
  return true;
}
