import { performance } from "node:perf_hooks";

/**
 * Spreads a burst of small synchronous work items over event-loop turns: items run at
 * once while this turn's items have taken less than `sliceMs`; the rest wait, in order,
 * for later turns, so timers and I/O get their turn between slices. (50 questions arriving
 * together, each building its prompt and sending its request, held the loop 54-72 ms.)
 */
export function createTurnGate(sliceMs: number): { run<T>(work: () => T): Promise<T> } {
  const waiting: (() => void)[] = [];
  /** When this slice's first item started; null between slices. */
  let sliceStart: number | null = null;

  const openSlice = () => {
    if (sliceStart !== null) return;
    sliceStart = performance.now();
    setImmediate(closeSlice);
  };
  // In the check phase: an immediate set from here runs in the next turn, after timers and I/O.
  const closeSlice = () => {
    sliceStart = null;
    if (waiting.length > 0) setImmediate(drain);
  };
  const inBudget = () => sliceStart === null || performance.now() - sliceStart < sliceMs;
  const drain = () => {
    openSlice();
    while (waiting.length > 0 && inBudget()) waiting.shift()!();
  };

  return {
    run<T>(work: () => T) {
      return new Promise<T>((resolve, reject) => {
        const item = () => {
          try {
            resolve(work());
          } catch (err) {
            reject(err);
          }
        };
        if (waiting.length > 0 || !inBudget()) return void waiting.push(item);
        openSlice();
        item();
      });
    },
  };
}
