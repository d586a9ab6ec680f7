import { useSyncExternalStore } from "react";
import { storageKeys } from "./storage-keys";

export type TTheme = "light" | "dark";

const listeners = new Set<() => void>();
let current: TTheme | null = null;

/** The stored theme (localStorage `site-theme`), light by default (spec §9). */
export function readStoredTheme(): TTheme {
  try {
    return localStorage.getItem(storageKeys.theme) === "dark" ? "dark" : "light";
  } catch {
    return "light";
  }
}

/** Puts the theme on <html>: Tailwind's `dark` class plus the native color-scheme. */
export function applyTheme(theme: TTheme): void {
  const root = document.documentElement;
  root.classList.toggle("dark", theme === "dark");
  root.style.colorScheme = theme;
}

/** The active theme. */
export const getTheme = (): TTheme => (current ??= readStoredTheme());

/** Persists and applies a theme. */
export function setTheme(theme: TTheme): void {
  current = theme;
  try {
    localStorage.setItem(storageKeys.theme, theme);
  } catch {
    // Private mode may refuse storage; the theme still applies for this visit.
  }
  applyTheme(theme);
  listeners.forEach((l) => l());
}

/** Switches between light and dark. */
export const toggleTheme = (): void => setTheme(getTheme() === "dark" ? "light" : "dark");

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** React hook: the active theme. */
export function useTheme(): TTheme {
  return useSyncExternalStore(subscribe, getTheme, getTheme);
}
