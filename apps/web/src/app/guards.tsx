import { useEffect, useRef } from "react";
import { Navigate, Outlet, useLocation, useNavigate } from "react-router";
import toast from "react-hot-toast";
import { toastMessages } from "@coderoom/shared/messages";
import { useAuth } from "../lib/auth-store";
import type { TFromState } from "../lib/origin";

/** Spec §2 logged-in guard: visitors go to /signin, remembering where they were headed. */
export function RequireAuth() {
  const { isLoggedIn } = useAuth();
  const location = useLocation();
  if (!isLoggedIn) return <Navigate to="/signin" replace state={{ from: location } satisfies TFromState} />;
  return <Outlet />;
}

/** Spec §2 admin guard: visitors go to /signin; other roles get a toast and go back (or to /). */
export function RequireAdmin() {
  const { isLoggedIn, role } = useAuth();
  const location = useLocation();
  if (!isLoggedIn) return <Navigate to="/signin" replace state={{ from: location } satisfies TFromState} />;
  if (role !== "ADMIN") return <NoAccess />;
  return <Outlet />;
}

function NoAccess() {
  const navigate = useNavigate();
  const { key } = useLocation();
  const done = useRef(false);
  useEffect(() => {
    // Effects may run twice (StrictMode); going back twice would skip a page.
    if (done.current) return;
    done.current = true;
    // A fixed id keeps one toast even when effects run twice (StrictMode).
    toast.error(toastMessages.noAccess, { id: "no-access" });
    // "default" marks the first entry; a browser history also numbers entries (idx).
    // Either way, with nothing in this app to go back to, go home instead.
    const idx = (window.history.state as { idx?: number } | null)?.idx;
    if (key === "default" || idx === 0) navigate("/", { replace: true });
    else navigate(-1);
  }, [key, navigate]);
  return null;
}
