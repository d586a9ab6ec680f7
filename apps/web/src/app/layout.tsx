import { Suspense } from "react";
import { Outlet } from "react-router";
import { PageSpinner } from "../components/ui/spinner.tsx";
import { Footer } from "./footer.tsx";
import { Navbar } from "./navbar.tsx";
import { useRouteTitle } from "./page-title";
import { useRouteEffects } from "./route-effects";

/** The page frame: navbar, the routed page (with a spinner while it loads) and footer. */
export function Layout() {
  useRouteEffects();
  useRouteTitle();
  return (
    <div className="flex min-h-dvh flex-col bg-slate-50 text-slate-900 dark:bg-slate-950 dark:text-slate-100">
      <a
        href="#main"
        className="sr-only z-50 rounded-md bg-indigo-600 px-3 py-2 text-white focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
      >
        Skip to content
      </a>
      <Navbar />
      <main id="main" className="flex flex-1 flex-col">
        <Suspense fallback={<PageSpinner />}>
          <Outlet />
        </Suspense>
      </main>
      <Footer />
    </div>
  );
}
