import { describe, expect, it } from "vitest";
import { screen } from "@testing-library/react";
import { Link, useLocation } from "react-router";
import { RequireAdmin, RequireAuth } from "./guards.tsx";
import { logIn } from "../test/factories";
import { renderRoutes } from "../test/render.tsx";

function SignInProbe() {
  const state = useLocation().state as { from?: { pathname: string } } | null;
  return <h1>{`sign in (from ${state?.from?.pathname ?? "nowhere"})`}</h1>;
}

const routes = [
  { path: "/", element: <h1>home</h1> },
  { path: "/signin", element: <SignInProbe /> },
  {
    path: "/pricing",
    element: (
      <>
        <h1>pricing</h1>
        <Link to="/allpayments">payments</Link>
      </>
    ),
  },
  { element: <RequireAuth />, children: [{ path: "/profile", element: <h1>profile</h1> }] },
  { element: <RequireAdmin />, children: [{ path: "/allpayments", element: <h1>all payments</h1> }] },
];

describe("RequireAuth", () => {
  it("sends a visitor to /signin and remembers the origin", async () => {
    const { router } = renderRoutes(routes, { entries: ["/profile"] });
    expect(await screen.findByText("sign in (from /profile)")).toBeInTheDocument();
    expect(router.state.location.pathname).toBe("/signin");
  });

  it("lets a logged-in user through", async () => {
    logIn();
    renderRoutes(routes, { entries: ["/profile"] });
    expect(await screen.findByText("profile")).toBeInTheDocument();
  });
});

describe("RequireAdmin", () => {
  it("sends a visitor to /signin and remembers the origin", async () => {
    renderRoutes(routes, { entries: ["/allpayments"] });
    expect(await screen.findByText("sign in (from /allpayments)")).toBeInTheDocument();
  });

  it("shows the no-access toast to a non-admin and goes back to the originating page", async () => {
    logIn({ role: "CODER" });
    const { user, router } = renderRoutes(routes, { entries: ["/pricing"] });
    await user.click(await screen.findByText("payments"));
    expect(await screen.findByText("You don't have access to this page!")).toBeInTheDocument();
    expect(await screen.findByText("pricing")).toBeInTheDocument();
    expect(router.state.location.pathname).toBe("/pricing");
  });

  it("sends a non-admin who opened the page directly to /", async () => {
    logIn({ role: "GUEST" });
    const { router } = renderRoutes(routes, { entries: ["/allpayments"] });
    expect(await screen.findByText("You don't have access to this page!")).toBeInTheDocument();
    expect(await screen.findByText("home")).toBeInTheDocument();
    expect(router.state.location.pathname).toBe("/");
  });

  it("lets an admin through", async () => {
    logIn({ role: "ADMIN" });
    renderRoutes(routes, { entries: ["/allpayments"] });
    expect(await screen.findByText("all payments")).toBeInTheDocument();
    expect(screen.queryByText("You don't have access to this page!")).not.toBeInTheDocument();
  });
});
