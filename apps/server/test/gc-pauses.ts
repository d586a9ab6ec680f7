import { PerformanceObserver, constants as perf } from "node:perf_hooks";

const gcKinds: Record<number, string> = {
  [perf.NODE_PERFORMANCE_GC_MINOR]: "scavenge",
  [perf.NODE_PERFORMANCE_GC_MAJOR]: "mark-compact",
  [perf.NODE_PERFORMANCE_GC_INCREMENTAL]: "incremental",
  [perf.NODE_PERFORMANCE_GC_WEAKCB]: "weak",
};

/** Garbage-collection pauses of this process by kind (scavenges vs mark-compacts), for the benchmarks' servers. */
export function watchGcPauses() {
  const gc = new Map<string, { n: number; total: number; max: number }>();
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) {
      const kind = gcKinds[(e as unknown as { detail: { kind: number } }).detail.kind] ?? "other";
      const s = gc.get(kind) ?? { n: 0, total: 0, max: 0 };
      gc.set(kind, { n: s.n + 1, total: s.total + e.duration, max: Math.max(s.max, e.duration) });
    }
  }).observe({ entryTypes: ["gc"] });
  return {
    reset: () => gc.clear(),
    /** e.g. "scavenge 12× total 40 ms max 5.1 ms, mark-compact 1× total 9 ms max 9.0 ms". */
    summary: () => [...gc].map(([k, s]) => `${k} ${s.n}× total ${s.total.toFixed(0)} ms max ${s.max.toFixed(1)} ms`).join(", ") || "none",
  };
}
