import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { RouterProvider } from "react-router";
import { Providers } from "./app/providers.tsx";
import { createAppRouter } from "./app/router.tsx";
import { applyTheme, getTheme } from "./lib/theme";
import "./styles.css";

// Before the first render, so a dark-theme visitor never sees a light flash (the CSP forbids inline scripts).
applyTheme(getTheme());

createRoot(document.getElementById("root")!).render(
  <StrictMode>
    <Providers>
      <RouterProvider router={createAppRouter()} />
    </Providers>
  </StrictMode>,
);
