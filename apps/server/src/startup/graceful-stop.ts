import type { Logger } from "pino";
import type { App } from "../http/types";
import type { ExecutionService } from "../execution/execution-service";
import type { Realtime } from "../realtime/attach-realtime";

/** What a stop closes, in order. */
export interface StopParts {
  app: App;
  realtime: Realtime;
  execution: ExecutionService;
  /** Closed last of all: the admin channel, the database. */
  rest: Array<() => Promise<void> | undefined>;
  log: Logger;
  /** How long runs in flight may take to finish before the stop goes on without them. */
  runsBoundMs: number;
}

/**
 * A graceful drain (SIGTERM, SIGINT): readiness fails at once so the balancer sends no
 * one new; no new connection or run is taken; runs in flight finish (within a bound);
 * realtime clients are dropped at the transport so they reconnect elsewhere with their
 * session, after every pending document update is stored; Redis closes last.
 */
export function createGracefulStop(parts: StopParts) {
  const { app, realtime, execution, log } = parts;
  let draining = false;
  app.readiness.push({
    name: "server",
    check: async () => {
      if (draining) throw new Error("draining");
    },
  });
  return {
    get draining() {
      return draining;
    },
    async stop(signal: string): Promise<void> {
      if (draining) return;
      draining = true;
      const started = Date.now();
      log.info({ signal }, "draining: no new connections or runs");
      // Listening stops; open connections (and requests in flight on them) go on.
      app.server.close();
      const runs = execution.scheduler.drain();
      const bound = new Promise<"bound">((resolve) => setTimeout(() => resolve("bound"), parts.runsBoundMs).unref());
      if ((await Promise.race([runs, bound])) === "bound") log.warn({ boundMs: parts.runsBoundMs }, "runs still in flight at the drain bound");
      await realtime.close();
      await app.close();
      await execution.close();
      for (const close of parts.rest) await close();
      log.info({ ms: Date.now() - started }, "drained");
    },
  };
}
