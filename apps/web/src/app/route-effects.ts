import { useEffect, useRef } from "react";
import { useLocation } from "react-router";
import { refreshProfile } from "../lib/account";
import { maySeeProfile } from "./session-hint";

// Spec §2: pages where the current user is not re-fetched on arrival.
const noRefreshPaths = new Set(["/", "/signup", "/signin", "/contact"]);

/**
 * App-wide route behaviour of spec §2: scroll to the top on each route change, and
 * re-fetch the current user once at load and on every route change except a few;
 * never for a visitor without a session (issue 10: no 455 on public pages).
 */
export function useRouteEffects(): void {
  const { pathname } = useLocation();
  const loaded = useRef(false);
  useEffect(() => {
    window.scrollTo(0, 0);
    const first = !loaded.current;
    loaded.current = true;
    if ((first || !noRefreshPaths.has(pathname)) && maySeeProfile()) void refreshProfile({ quiet: true });
  }, [pathname]);
}
