import { describe, expect, it, vi } from "vitest";
import { clearAuth, getAuth, setAuthFromResponse } from "./auth-store";
import { logout, refreshProfile } from "./account";
import { api } from "./http";
import { fail, ok, stubApi } from "../test/api-stub";
import { makeUser, userData } from "../test/factories";

describe("auth store", () => {
  it("persists isLoggedIn, role and data in sessionStorage after a login answer", () => {
    const user = makeUser({ role: "GUEST" });
    setAuthFromResponse({ success: true, data: userData(user) });
    expect(getAuth()).toEqual({ isLoggedIn: true, role: "GUEST", data: user });
    expect(sessionStorage.getItem("isLoggedIn")).toBe("true");
    expect(sessionStorage.getItem("role")).toBe("GUEST");
    expect(JSON.parse(sessionStorage.getItem("data")!)).toEqual(user);
  });

  it("starts from sessionStorage when a session was stored", async () => {
    const user = makeUser({ role: "ADMIN" });
    sessionStorage.setItem("isLoggedIn", "true");
    sessionStorage.setItem("role", "ADMIN");
    sessionStorage.setItem("data", JSON.stringify(user));
    vi.resetModules();
    const fresh = await import("./auth-store");
    expect(fresh.getAuth()).toEqual({ isLoggedIn: true, role: "ADMIN", data: user });
  });

  it("starts logged out with role VISITOR when storage is empty or corrupt", async () => {
    sessionStorage.setItem("isLoggedIn", "true");
    sessionStorage.setItem("role", "CODER");
    sessionStorage.setItem("data", "{not json");
    vi.resetModules();
    const fresh = await import("./auth-store");
    expect(fresh.getAuth()).toEqual({ isLoggedIn: false, role: "VISITOR", data: null });
  });

  it("clearAuth removes the auth keys and every room.* key, and nothing else", () => {
    setAuthFromResponse({ success: true, data: userData(makeUser()) });
    sessionStorage.setItem("room.roomId", "ABC123");
    sessionStorage.setItem("room.code", "print(1)");
    sessionStorage.setItem("unrelated", "keep");
    clearAuth();
    expect(getAuth()).toEqual({ isLoggedIn: false, role: "VISITOR", data: null });
    expect(Object.keys(sessionStorage)).toEqual(["unrelated"]);
  });

  it("any call answered with 455 forces a logout", async () => {
    setAuthFromResponse({ success: true, data: userData(makeUser()) });
    sessionStorage.setItem("room.roomId", "ABC123");
    stubApi({ "GET /users/rooms": fail(455, "Please log in", "session_required") });
    await expect(api("/users/rooms", { toastError: false })).rejects.toMatchObject({ status: 455 });
    expect(getAuth().isLoggedIn).toBe(false);
    expect(sessionStorage.getItem("isLoggedIn")).toBeNull();
    expect(sessionStorage.getItem("room.roomId")).toBeNull();
  });

  it("other failures keep the user logged in", async () => {
    setAuthFromResponse({ success: true, data: userData(makeUser()) });
    stubApi({ "GET /users/rooms": fail(500, "Boom", "internal_error") });
    await expect(api("/users/rooms", { toastError: false })).rejects.toMatchObject({ status: 500 });
    expect(getAuth().isLoggedIn).toBe(true);
  });
});

describe("account calls", () => {
  it("logout calls GET /users/logout, then clears auth and room state", async () => {
    setAuthFromResponse({ success: true, data: userData(makeUser()) });
    sessionStorage.setItem("room.users", "[]");
    const calls = stubApi({ "GET /users/logout": ok(null, "Logged out") });
    await expect(logout()).resolves.toBe(true);
    expect(calls.map((c) => `${c.method} ${c.path}`)).toEqual(["GET /users/logout"]);
    expect(getAuth().isLoggedIn).toBe(false);
    expect(sessionStorage.getItem("room.users")).toBeNull();
  });

  it("a failed logout (not 455) keeps the session", async () => {
    setAuthFromResponse({ success: true, data: userData(makeUser()) });
    stubApi({ "GET /users/logout": fail(500, "Boom") });
    await expect(logout()).resolves.toBe(false);
    expect(getAuth().isLoggedIn).toBe(true);
  });

  it("refreshProfile stores the fetched user; a failure is only logged", async () => {
    const user = makeUser({ fullName: "Grace Hopper" });
    stubApi({ "GET /users/profile": ok(userData(user)) });
    await refreshProfile({ quiet: true });
    expect(getAuth().data?.fullName).toBe("Grace Hopper");

    const warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
    stubApi({ "GET /users/profile": fail(500, "Boom") });
    await expect(refreshProfile({ quiet: true })).resolves.toBeNull();
    expect(warn).toHaveBeenCalled();
    expect(getAuth().data?.fullName).toBe("Grace Hopper");
    warn.mockRestore();
  });
});
