/**
 * Calls `fn` on each item, the first at once and each later one in an event-loop turn of its
 * own: a batch of work for many callers or rooms does not hold the loop for all of them at once.
 */
export async function oneTurnEach<T>(items: readonly T[], fn: (item: T, index: number) => void): Promise<void> {
  for (const [i, item] of items.entries()) {
    if (i > 0) await new Promise((resolve) => setImmediate(resolve));
    fn(item, i);
  }
}

/**
 * Work that shares the event loop with everything else: in each event-loop turn, pieces of
 * it run one after another until `budgetMs` has passed (a piece runs to its end), and the
 * rest wait for later turns, in the order they came. `await turn()` before each piece.
 */
export function createTurnBudget(budgetMs: number) {
  const waiting: (() => void)[] = [];
  /** When this turn's run of pieces began. */
  let since: number | undefined;
  const begin = () => {
    since = performance.now();
    // Timers run first in the loop's next turn: a turn has one run of pieces, not one before its check phase and one in it.
    setTimeout(() => (since = undefined), 0);
  };
  const spent = () => since !== undefined && performance.now() - since > budgetMs;
  const next = () => {
    if (spent()) return void setImmediate(next);
    if (since === undefined) begin();
    waiting.shift()?.();
  };
  return function turn(): Promise<void> | void {
    if (waiting.length === 0 && !spent()) {
      if (since === undefined) begin();
      return;
    }
    return new Promise<void>((resolve) => {
      waiting.push(resolve);
      setImmediate(next);
    });
  };
}
