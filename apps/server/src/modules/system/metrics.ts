import { Gauge, Histogram, Registry, collectDefaultMetrics } from "prom-client";

/** Prometheus metrics of one server process: Node's defaults (event-loop delay included) plus CodeRoom's own. */
export interface Metrics {
  readonly registry: Registry;
  /** A gauge read when scraped. */
  gauge(name: string, help: string, read: () => number): void;
  /** A histogram in seconds, with its label names. */
  histogram<L extends string>(name: string, help: string, labelNames: readonly L[], buckets?: number[]): Histogram<L>;
}

/** A registry of its own per app, so in-process tests and several apps never share counters. */
export function createMetrics(): Metrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, prefix: "coderoom_" });
  return {
    registry,
    gauge(name, help, read) {
      new Gauge({
        name,
        help,
        registers: [registry],
        collect() {
          this.set(read());
        },
      });
    },
    histogram(name, help, labelNames, buckets) {
      return new Histogram({ name, help, labelNames: [...labelNames], registers: [registry], ...(buckets ? { buckets } : {}) });
    },
  };
}
