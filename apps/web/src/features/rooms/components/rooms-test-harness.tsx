import type { ReactNode } from "react";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { createMemoryRouter, Outlet, RouterProvider, useParams } from "react-router";
import { render } from "@testing-library/react";

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
