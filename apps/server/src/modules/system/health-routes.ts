import { sql } from "drizzle-orm";
import { z } from "zod";
import type { AppDeps } from "../../deps";
import type { App } from "../../http/types";

/** Liveness (`/healthz`: the process answers) and readiness (`/readyz`: the database answers). */
export async function healthRoutes(app: App, opts: { deps: AppDeps }) {
  app.get("/healthz", { schema: { hide: true } }, async () => ({ status: "ok" }));
  app.get(
    "/readyz",
    { schema: { hide: true, response: { 200: z.object({ status: z.string() }), 503: z.object({ status: z.string() }) } } },
    async (_request, reply) => {
      try {
        await opts.deps.db.db.execute(sql`SELECT 1`);
        return { status: "ready" };
      } catch {
        return reply.status(503).send({ status: "database unavailable" });
      }
    },
  );
}
