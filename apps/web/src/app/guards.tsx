import { Outlet } from "react-router";

/** Placeholder guards. */
export const RequireAuth = () => <Outlet />;
export const RequireAdmin = () => <Outlet />;
