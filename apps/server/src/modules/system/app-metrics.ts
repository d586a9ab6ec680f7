import type { RunScheduler } from "../../execution/run-scheduler";
import type { App } from "../../http/types";
import type { Metrics } from "./metrics";

/** HTTP latency by method, route pattern (not the raw URL: bounded label values) and status. */
export function observeHttp(app: App): void {
  const seconds = app.metrics.histogram("coderoom_http_request_duration_seconds", "HTTP request latency", ["method", "route", "status"]);
  app.addHook("onResponse", async (request, reply) => {
    const route = request.routeOptions.url ?? "unmatched";
    seconds.observe({ method: request.method, route, status: String(reply.statusCode) }, reply.elapsedTime / 1000);
  });
}

/** The run queue of this process: runs executing, runs waiting, and how long each waited. */
export function observeRunQueue(metrics: Metrics, scheduler: RunScheduler): void {
  metrics.gauge("coderoom_runs_running", "Runs executing in this process", () => scheduler.stats.running);
  metrics.gauge("coderoom_run_queue_depth", "Runs waiting for a slot in this process", () => scheduler.stats.waiting);
  const wait = metrics.histogram("coderoom_run_queue_wait_seconds", "Time a run waited for a slot", [], [0, 0.1, 0.5, 1, 2, 5, 10, 30, 60]);
  scheduler.onGranted((waitedMs) => wait.observe(waitedMs / 1000));
}
