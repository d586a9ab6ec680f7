import type { ReactElement } from "react";
import { render } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { createMemoryRouter, RouterProvider, type RouteObject } from "react-router";
import { Providers, createQueryClient } from "../app/providers.tsx";

interface RenderOptions {
  /** History entries; the last one is current unless initialIndex says otherwise. */
  entries?: (string | { pathname: string; state?: unknown })[];
  initialIndex?: number;
}

/** Renders routes in a memory router inside the app's providers (fresh cache, real toaster). */
export function renderRoutes(routes: RouteObject[], opts: RenderOptions = {}) {
  const entries = opts.entries ?? ["/"];
  const router = createMemoryRouter(routes, {
    initialEntries: entries,
    initialIndex: opts.initialIndex ?? entries.length - 1,
  });
  const user = userEvent.setup();
  const view = render(
    <Providers client={createQueryClient()}>
      <RouterProvider router={router} />
    </Providers>,
  );
  return { ...view, router, user };
}

/** Renders one element at `path`, with stub pages for the given destinations. */
export function renderPage(element: ReactElement, opts: RenderOptions & { path?: string; stubs?: string[] } = {}) {
  const path = opts.path ?? "/";
  const stubs = (opts.stubs ?? []).map((p) => ({ path: p, element: <h1>{`stub ${p}`}</h1> }));
  return renderRoutes([{ path, element }, ...stubs], { entries: opts.entries ?? [path], initialIndex: opts.initialIndex });
}
