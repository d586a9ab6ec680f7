import type { ReactNode } from "react";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { createMemoryRouter, Outlet, RouterProvider, useParams } from "react-router";
import { render } from "@testing-library/react";
import { vi } from "vitest";

/** One request the fake server saw. */
export interface TSeenRequest {
  method: string;
  path: string;
  body: unknown;
}

type Handler = (req: TSeenRequest) => { status?: number; body: unknown } | Promise<{ status?: number; body: unknown }>;

/**
 * Replaces `fetch` with a fake of our API at the HTTP level: handlers keyed by
 * "METHOD /path" (after /api/v1) answer with an envelope; every request is recorded.
 */
export function fakeServer(handlers: Record<string, Handler>) {
  const seen: TSeenRequest[] = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (input: string, init: RequestInit = {}) => {
      const req: TSeenRequest = {
        method: init.method ?? "GET",
        path: String(input).replace(/^\/api\/v1/, ""),
        body: typeof init.body === "string" ? JSON.parse(init.body) : undefined,
      };
      seen.push(req);
      const handler = handlers[`${req.method} ${req.path}`];
      const answer = handler ? await handler(req) : { status: 404, body: { success: false, message: "No route", code: "route_not_found" } };
      return new Response(JSON.stringify(answer.body), {
        status: answer.status ?? 200,
        headers: { "content-type": "application/json" },
      });
    }),
  );
  return { seen };
}

/** A success envelope. */
export const okBody = (data: unknown, message = "OK") => ({ body: { success: true, message, data } });

function PlaygroundProbe() {
  const { roomId } = useParams();
  return <p>Playground page for {roomId}</p>;
}

/**
 * Renders the component on /dashboard with a fresh query cache; it stays mounted when
 * it navigates, and /playground/:roomId shows a probe line the test can look for.
 */
export function renderOnDashboard(ui: ReactNode) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  const router = createMemoryRouter(
    [
      {
        element: (
          <>
            {ui}
            <Outlet />
          </>
        ),
        children: [
          { path: "/dashboard", element: null },
          { path: "/playground/:roomId", element: <PlaygroundProbe /> },
        ],
      },
    ],
    { initialEntries: ["/dashboard"] },
  );
  const result = render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { ...result, router, queryClient };
}
