/** The route table of spec §2, shared by the web router and the server's SPA fallback. */
export const publicRoutes = [
  "/",
  "/signin",
  "/signup",
  "/about",
  "/pricing",
  "/contact",
  "/forgotpassword",
  "/resetpassword/:token",
  // The footer's pages (issue 10 §3.7).
  "/documentation",
  "/careers",
  "/help-center",
  "/security",
  "/feedback",
  "/terms",
  "/privacy",
  "/cookies",
] as const;

export const loggedInRoutes = [
  "/dashboard",
  // Without an id the page sends the user to /dashboard (spec §4 Playground entry).
  "/playground/:roomId?",
  "/profile",
  "/editprofile",
  "/changepassword",
  "/subscribe-basic",
  "/subscribe-pro",
  "/purchasehistory",
  "/create-account",
] as const;

export const adminRoutes = ["/allpayments"] as const;

const allRoutes = [...publicRoutes, ...loggedInRoutes, ...adminRoutes];
const patterns = allRoutes.map(
  (r) => new RegExp(`^${r.replace(/\/:[a-zA-Z]+\?/g, "(?:/[^/]+)?").replace(/:[a-zA-Z]+/g, "[^/]+")}/?$`),
);

/** True when the path is one of the app's pages (anything else shows the not-found page). */
export function isKnownPage(pathname: string): boolean {
  return patterns.some((p) => p.test(pathname));
}
