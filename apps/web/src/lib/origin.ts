import { useLocation } from "react-router";

/** Router state carried to /signin (and on to /signup) so the user returns where they were headed. */
export interface TFromState {
  from?: { pathname: string; search?: string; hash?: string };
}

/** Where to go after signing in (or up, or as a guest): the remembered origin, else the dashboard; plus the state to pass along. */
export function useOrigin(): { target: string; state: TFromState } {
  const location = useLocation();
  const from = ((location.state ?? {}) as TFromState).from;
  const target = from ? `${from.pathname}${from.search ?? ""}${from.hash ?? ""}` : "/dashboard";
  return { target, state: from ? { from } : {} };
}
