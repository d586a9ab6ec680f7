import { useSyncExternalStore } from "react";
import { VISITOR } from "@coderoom/shared/constants/roles";
import type { TUser } from "@coderoom/shared/schemas/users";
import { onSessionExpired } from "./http";
import { storageKeys } from "./storage-keys";

/** Auth state of spec §3: kept in sessionStorage under isLoggedIn, role and data. */
export interface TAuthState {
  isLoggedIn: boolean;
  role: string;
  data: TUser | null;
}

const loggedOut: TAuthState = Object.freeze({ isLoggedIn: false, role: VISITOR, data: null });
const listeners = new Set<() => void>();

function readStored(): TAuthState {
  try {
    const isLoggedIn = sessionStorage.getItem(storageKeys.isLoggedIn) === "true";
    const role = sessionStorage.getItem(storageKeys.role);
    const raw = sessionStorage.getItem(storageKeys.data);
    if (!isLoggedIn || !role || !raw) return loggedOut;
    return { isLoggedIn, role, data: JSON.parse(raw) as TUser };
  } catch {
    // Unreadable or corrupt storage: start logged out rather than crash the app.
    return loggedOut;
  }
}

let state: TAuthState = readStored();

function publish(next: TAuthState): void {
  state = next;
  listeners.forEach((l) => l());
}

/** The current auth state (stable object between changes). */
export const getAuth = (): TAuthState => state;

/** Subscribes to auth changes; returns the unsubscribe function. */
export function subscribeAuth(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** React hook: the current auth state, re-rendering on change. */
export function useAuth(): TAuthState {
  return useSyncExternalStore(subscribeAuth, getAuth, getAuth);
}

/** The first word of the user's full name ("Welcome, Ada"); undefined when logged out or blank. */
export const firstNameOf = (user: TUser | null): string | undefined => user?.fullName.trim().split(/\s+/)[0] || undefined;

/** Applies a register/login/guest-login/profile/update answer (spec §4 Auth). */
export function setAuthFromResponse(res: { success: boolean; data: TUser }): void {
  const next: TAuthState = { isLoggedIn: res.success, role: res.data.role, data: res.data };
  sessionStorage.setItem(storageKeys.isLoggedIn, String(next.isLoggedIn));
  sessionStorage.setItem(storageKeys.role, next.role);
  sessionStorage.setItem(storageKeys.data, JSON.stringify(next.data));
  publish(next);
}

/** Removes every room-state field (sessionStorage keys with the `room.` prefix). */
export function clearRoomState(): void {
  const roomKeys: string[] = [];
  for (let i = 0; i < sessionStorage.length; i++) {
    const key = sessionStorage.key(i);
    if (key?.startsWith(storageKeys.roomPrefix)) roomKeys.push(key);
  }
  roomKeys.forEach((key) => sessionStorage.removeItem(key));
}

/** Logs out locally: role VISITOR, empty data, stored auth and all room state cleared. */
export function clearAuth(): void {
  sessionStorage.removeItem(storageKeys.isLoggedIn);
  sessionStorage.removeItem(storageKeys.role);
  sessionStorage.removeItem(storageKeys.data);
  clearRoomState();
  if (state !== loggedOut) publish(loggedOut);
}

// Spec §4: any failed call answered with 455 forces a logout.
onSessionExpired(clearAuth);
