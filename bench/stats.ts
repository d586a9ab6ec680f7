// The figures every bench reports, computed one way.

/** The p-th percentile by nearest rank: the smallest value with at least p % of them at or below it (NaN for none). */
export function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;
}

/** The lower median (the 50th percentile by nearest rank). */
export const median = (values: readonly number[]) => percentile(values, 50);

/** This process's CPU time (user + system, all its threads) since `start` (a process.cpuUsage()), in ms. */
export const cpuMsSince = (start: NodeJS.CpuUsage) => {
  const used = process.cpuUsage(start);
  return (used.user + used.system) / 1000;
};

/** Milliseconds to one decimal. */
export const round = (n: number) => Math.round(n * 10) / 10;

/** Ratios to targets, to two decimals: to one, 0.66 of bare read (and passed) as 0.7. */
export const ratio = (n: number) => Math.round(n * 100) / 100;
