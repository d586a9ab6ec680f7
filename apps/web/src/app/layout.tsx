import { Suspense } from "react";
import { Outlet } from "react-router";

/** Placeholder layout (navbar and footer come with the foundation work). */
export function Layout() {
  return (
    <Suspense fallback={<p>Loading…</p>}>
      <Outlet />
    </Suspense>
  );
}
