import type { FastifyRequest } from "fastify";
import type { Config } from "../config";
import { SESSION_COOKIE } from "./auth";
import { forbidden } from "./errors";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/** The origins our pages are served from: PUBLIC_URL's and CORS_ORIGINS. */
export function allowedOrigins(config: Config): Set<string> {
  return new Set([config.publicOrigin, ...config.CORS_ORIGINS]);
}

/** Fetch-metadata values that mean the request came from our own pages (or the address bar). */
const OWN_SITE = new Set(["same-origin", "none"]);

/** The origin (scheme://host:port) of a URL header, or undefined when it is not a URL. */
function originOf(url: string): string | undefined {
  try {
    return new URL(url).origin;
  } catch {
    return undefined;
  }
}

/**
 * Refuses cross-site requests that change state: every non-GET, and the GETs a route
 * marks `stateChanging`. OWASP's CSRF cheat sheet order: Sec-Fetch-Site when the
 * browser sends it; else Origin (`null` counts as cross-site); else Referer; and with
 * none of them, a request that carries our session cookie is refused, because that
 * ambient cookie is what a forged request would exploit. A client that sends no
 * cookie has no authority to borrow and passes.
 */
export function createOriginCheck(config: Config) {
  const partners = new Set(config.CORS_ORIGINS);
  const allowed = new Set([config.publicOrigin, ...partners]);
  const isOurs = (origin: string | undefined, request: FastifyRequest) =>
    origin !== undefined && (allowed.has(origin) || origin === `${request.protocol}://${request.host}`);
  const refuse = () => forbidden("cross_site_request", "Cross-site requests are not allowed");

  return async function originCheck(request: FastifyRequest): Promise<void> {
    const stateChanging = !SAFE_METHODS.has(request.method) || request.routeOptions.config?.stateChanging === true;
    if (!stateChanging) return;
    const { origin, referer } = request.headers;
    const site = request.headers["sec-fetch-site"];
    if (typeof site === "string") {
      // Under our no-referrer policy a same-origin POST carries `Origin: null`, so here
      // only a foreign Origin contradicting the browser's own verdict is refused.
      if (OWN_SITE.has(site) && (origin === undefined || origin === "null" || isOurs(origin, request))) return;
      // A configured CORS partner is cross-site by definition; it still has to name itself.
      if (!OWN_SITE.has(site) && origin !== undefined && partners.has(origin)) return;
      throw refuse();
    }
    if (origin !== undefined) {
      if (isOurs(origin, request)) return;
      throw refuse();
    }
    if (referer !== undefined) {
      if (isOurs(originOf(referer), request)) return;
      throw refuse();
    }
    if (request.cookies[SESSION_COOKIE] !== undefined) throw refuse();
  };
}
