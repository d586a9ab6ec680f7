import { afterEach, describe, expect, it, vi } from "vitest";
import toast from "react-hot-toast";
import { screen, waitFor } from "@testing-library/react";
import { Link } from "react-router";
import { Layout } from "./layout.tsx";
import { ok, stubApi } from "../test/api-stub";
import { makeUser, userData } from "../test/factories";
import { renderRoutes } from "../test/render.tsx";
import { getAuth } from "../lib/auth-store";
import { SESSION_HINT_COOKIE } from "@coderoom/shared/constants/cookies";
import { fail } from "../test/api-stub";
import { clearSessionHint, hasSessionHint } from "./session-hint";

const page = (name: string, next: string) => (
  <>
    <h1>{name}</h1>
    <Link to={next}>next</Link>
  </>
);

const routes = [
  {
    element: <Layout />,
    children: [
      { path: "/", element: page("home", "/about") },
      { path: "/about", element: page("about", "/contact") },
      { path: "/contact", element: page("contact", "/pricing") },
      { path: "/pricing", element: page("pricing", "/") },
    ],
  },
];

describe("layout", () => {
  afterEach(() => clearSessionHint());

  it("never asks for the profile when the visitor has no session (no 455 on public pages)", async () => {
    const calls = stubApi({ "GET /users/profile": fail(455, "Please log in to continue", "session_required") });
    const { user } = renderRoutes(routes, { entries: ["/"] });
    await screen.findByRole("heading", { name: "home" });
    for (const name of ["about", "contact", "pricing"]) {
      await user.click(screen.getByRole("link", { name: "next" }));
      await screen.findByRole("heading", { name });
    }
    expect(calls.filter((c) => c.path === "/users/profile")).toHaveLength(0);
  });

  it("drops the session hint when the server answers 455, so later loads stay quiet", async () => {
    document.cookie = `${SESSION_HINT_COOKIE}=1; path=/`;
    const calls = stubApi({ "GET /users/profile": fail(455, "Please log in to continue", "session_required") });
    renderRoutes(routes, { entries: ["/about"] });
    await waitFor(() => expect(calls.filter((c) => c.path === "/users/profile")).toHaveLength(1));
    await waitFor(() => expect(hasSessionHint()).toBe(false));
  });

  it("re-fetches the profile on navigation without any toast", async () => {
    document.cookie = `${SESSION_HINT_COOKIE}=1; path=/`;
    const calls = stubApi({ "GET /users/profile": ok(userData(makeUser()), "Profile fetched") });
    const shown = [vi.spyOn(toast, "loading"), vi.spyOn(toast, "success"), vi.spyOn(toast, "error")];
    const { user } = renderRoutes(routes, { entries: ["/about"] });
    await screen.findByRole("heading", { name: "about" });
    await user.click(screen.getByRole("link", { name: "next" }));
    await user.click(screen.getByRole("link", { name: "next" }));
    await screen.findByRole("heading", { name: "pricing" });
    await waitFor(() => expect(calls.filter((c) => c.path === "/users/profile")).toHaveLength(2));
    for (const spy of shown) expect(spy).not.toHaveBeenCalled();
    vi.restoreAllMocks();
  });

  it("gives each route its own document title", async () => {
    stubApi({});
    const titled = [
      {
        element: <Layout />,
        children: [
          { path: "/", element: page("home", "/pricing") },
          { path: "/pricing", element: page("pricing", "/playground/ab12cd"), handle: { title: "Pricing" } },
          { path: "/playground/:roomId", element: <h1>room</h1>, handle: { title: ({ roomId }: { roomId?: string }) => `Room ${roomId}` } },
        ],
      },
    ];
    const { user } = renderRoutes(titled, { entries: ["/"] });
    await screen.findByRole("heading", { name: "home" });
    expect(document.title).toBe("CodeRoom · Code Together in Real-Time");
    await user.click(screen.getByRole("link", { name: "next" }));
    await screen.findByRole("heading", { name: "pricing" });
    expect(document.title).toBe("Pricing · CodeRoom");
    await user.click(screen.getByRole("link", { name: "next" }));
    await screen.findByRole("heading", { name: "room" });
    expect(document.title).toBe("Room ab12cd · CodeRoom");
  });

  it("fetches the user once at load and on each route change except /, /signup, /signin and /contact", async () => {
    // The server's hint that this browser holds a session (set beside the session cookie).
    document.cookie = `${SESSION_HINT_COOKIE}=1; path=/`;
    const calls = stubApi({ "GET /users/profile": ok(userData(makeUser({ fullName: "Grace Hopper" }))) });
    const { user } = renderRoutes(routes, { entries: ["/"] });
    await screen.findByRole("heading", { name: "home" });
    const profileCalls = () => calls.filter((c) => c.path === "/users/profile").length;
    expect(profileCalls()).toBe(1);
    // The load-time fetch restores a session this tab did not know about.
    expect(await screen.findByText("Welcome, Grace")).toBeInTheDocument();
    expect(getAuth().isLoggedIn).toBe(true);

    await user.click(screen.getByRole("link", { name: "next" }));
    await screen.findByRole("heading", { name: "about" });
    expect(profileCalls()).toBe(2);
    await user.click(screen.getByRole("link", { name: "next" }));
    await screen.findByRole("heading", { name: "contact" });
    expect(profileCalls()).toBe(2);
    await user.click(screen.getByRole("link", { name: "next" }));
    await screen.findByRole("heading", { name: "pricing" });
    expect(profileCalls()).toBe(3);
  });

  it("renders the footer's links, every one with a destination", () => {
    stubApi({});
    renderRoutes(routes);
    for (const [label, href] of [
      ["Documentation", "/documentation"],
      ["API", "/api/docs"],
      ["Careers", "/careers"],
      ["Help Center", "/help-center"],
      ["Security", "/security"],
      ["Feedback", "/feedback"],
      ["Terms", "/terms"],
      ["Privacy", "/privacy"],
      ["Cookies", "/cookies"],
    ]) {
      expect(screen.getByRole("link", { name: label })).toHaveAttribute("href", href);
    }
  });
});
