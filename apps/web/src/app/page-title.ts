import { useEffect } from "react";
import { useMatches, type Params } from "react-router";

export const APP_NAME = "CodeRoom";

/** A route's title: fixed text, or made from the route's params (the room ID). */
export type TRouteTitle = string | ((params: Params) => string);

/** What a route may carry in its `handle`. */
export interface TRouteHandle {
  title?: TRouteTitle;
}

/** "Pricing · CodeRoom"; the landing page is the bare product name with its tagline. */
export const formatTitle = (title: string | undefined) => (title ? `${title} · ${APP_NAME}` : `${APP_NAME} · Code Together in Real-Time`);

/**
 * Gives each route its own document title, from the deepest matched route whose
 * `handle.title` is set. One place for every page, so no page can forget its title.
 */
export function useRouteTitle(): void {
  const matches = useMatches();
  const match = [...matches].reverse().find((m) => (m.handle as TRouteHandle | undefined)?.title !== undefined);
  const title = (match?.handle as TRouteHandle | undefined)?.title;
  const text = formatTitle(typeof title === "function" ? title(match!.params) : title);
  useEffect(() => {
    document.title = text;
  }, [text]);
}
