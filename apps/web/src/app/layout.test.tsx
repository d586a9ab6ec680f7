import { describe, expect, it } from "vitest";
import { screen } from "@testing-library/react";
import { Link } from "react-router";
import { Layout } from "./layout";
import { ok, stubApi } from "../test/api-stub";
import { makeUser, userData } from "../test/factories";
import { renderRoutes } from "../test/render";
import { getAuth } from "../lib/auth-store";

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
  it("fetches the user once at load and on each route change except /, /signup, /signin and /contact", async () => {
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

  it("renders the footer's links, with Terms, Privacy and Cookies as plain text", () => {
    stubApi({});
    renderRoutes(routes);
    for (const [label, href] of [
      ["Documentation", "/documentation"],
      ["API", "/api"],
      ["Careers", "/careers"],
      ["Help Center", "/help-center"],
      ["Security", "/security"],
      ["Feedback", "/feedback"],
    ]) {
      expect(screen.getByRole("link", { name: label })).toHaveAttribute("href", href);
    }
    for (const label of ["Terms", "Privacy", "Cookies"]) {
      expect(screen.getByText(label).closest("a")).toBeNull();
    }
  });
});
