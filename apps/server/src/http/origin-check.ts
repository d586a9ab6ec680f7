import type { FastifyRequest } from "fastify";
import type { Config } from "../config";
import { forbidden } from "./errors";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * Refuses cross-site requests that change state: every non-GET, and the GETs a
 * route marks `stateChanging`. Browsers always send Sec-Fetch-Site or Origin on
 * such requests; a client that sends neither is not a browser and cannot be a CSRF vector.
 */
export function createOriginCheck(config: Config) {
  const allowed = new Set([config.publicOrigin, ...config.CORS_ORIGINS]);
  return async function originCheck(request: FastifyRequest): Promise<void> {
    const stateChanging = !SAFE_METHODS.has(request.method) || request.routeOptions.config?.stateChanging === true;
    if (!stateChanging) return;
    const origin = request.headers.origin;
    if (origin && origin !== "null") {
      if (allowed.has(origin) || origin === `${request.protocol}://${request.host}`) return;
      throw forbidden("cross_site_request", "Cross-site requests are not allowed");
    }
    const site = request.headers["sec-fetch-site"];
    if (site === undefined || site === "same-origin" || site === "none") return;
    throw forbidden("cross_site_request", "Cross-site requests are not allowed");
  };
}
