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
