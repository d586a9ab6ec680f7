import "@testing-library/jest-dom/vitest";
import { afterEach, vi } from "vitest";
import { act, cleanup } from "@testing-library/react";
import toast from "react-hot-toast";
import { clearAuth } from "../lib/auth-store";

// jsdom lacks these browser APIs; the app (and react-hot-toast) call them.
window.matchMedia ??= ((query: string) => ({
  matches: false,
  media: query,
  onchange: null,
  addListener: () => undefined,
  removeListener: () => undefined,
  addEventListener: () => undefined,
  removeEventListener: () => undefined,
  dispatchEvent: () => false,
})) as typeof window.matchMedia;
window.scrollTo = (() => undefined) as typeof window.scrollTo;
URL.createObjectURL ??= () => "blob:preview";
URL.revokeObjectURL ??= () => undefined;

afterEach(() => {
  cleanup();
  act(() => toast.remove());
  clearAuth();
  sessionStorage.clear();
  localStorage.clear();
  document.documentElement.className = "";
  vi.unstubAllGlobals();
});
