import { timingSafeEqual } from "node:crypto";
import { sql } from "drizzle-orm";
import { z } from "zod";
import type { AppDeps } from "../../deps";
import type { App } from "../../http/types";
import { isLoopback } from "../../http/client-ip";
import { failingChecks } from "./readiness";

const zReadiness = z.object({ status: z.string(), failing: z.array(z.string()).optional() });

/** True when the scrape may read `/metrics`: the bearer token when one is set, else a direct local connection. */
function mayScrape(deps: AppDeps, headers: Record<string, string | string[] | undefined>, remoteAddress: string | undefined): boolean {
  const token = deps.config.METRICS_TOKEN;
  if (token) {
    const given = Buffer.from(String(headers.authorization ?? ""));
    const expected = Buffer.from(`Bearer ${token}`);
    return given.length === expected.length && timingSafeEqual(given, expected);
  }
  // Without a token, only a scraper on this host that reached us directly (not through a proxy).
  return isLoopback(remoteAddress) && headers["x-forwarded-for"] === undefined && headers.forwarded === undefined;
}

/**
 * Liveness (`/healthz`: the process answers), readiness (`/readyz`: the database and every
 * registered dependency answer) and Prometheus metrics (`/metrics`).
 */
export async function healthRoutes(app: App, opts: { deps: AppDeps }) {
  const { deps } = opts;
  app.readiness.push({ name: "database", check: async () => void (await deps.db.db.execute(sql`SELECT 1`)) });
  app.get("/healthz", { schema: { hide: true } }, async () => ({ status: "ok" }));
  app.get("/readyz", { schema: { hide: true, response: { 200: zReadiness, 503: zReadiness } } }, async (_request, reply) => {
    const failing = await failingChecks(app.readiness);
    if (failing.length === 0) return { status: "ready" };
    return reply.status(503).send({ status: `${failing.join(", ")} unavailable`, failing });
  });
  app.get("/metrics", { schema: { hide: true } }, async (request, reply) => {
    if (!mayScrape(deps, request.headers, request.socket.remoteAddress)) {
      return reply.status(404).type("text/plain").send("Not found");
    }
    return reply.type(app.metrics.registry.contentType).send(await app.metrics.registry.metrics());
  });
}
