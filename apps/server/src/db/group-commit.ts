/**
 * Group commit: `add(item)` resolves with the item's result once it is written. Items added
 * in one event-loop turn are written together after it, and items added while a write is
 * in flight wait for it and go together in the next one: a lone item waits only for the end
 * of its turn, and a burst costs as few statements as the database's speed allows (PGlite
 * runs one statement at a time). Reads batch the same way (one statement for many keys).
 *
 * `write(items)` returns one result per item, in order. When a batch fails, each of its items
 * is written on its own, so one bad item fails only itself.
 */
export function groupCommit<T, R>(write: (items: T[]) => Promise<R[]>): (item: T) => Promise<R> {
  type Waiting = { item: T; resolve: (result: R) => void; reject: (err: unknown) => void };
  let queue: Waiting[] = [];
  let running = false;

  const writeAlone = async ({ item, resolve, reject }: Waiting) => {
    try {
      resolve((await write([item]))[0]!);
    } catch (err) {
      reject(err);
    }
  };

  const drain = async () => {
    while (queue.length > 0) {
      const batch = queue;
      queue = [];
      try {
        const results = await write(batch.map((b) => b.item));
        batch.forEach((b, i) => b.resolve(results[i]!));
      } catch (err) {
        if (batch.length === 1) batch[0]!.reject(err);
        else for (const b of batch) await writeAlone(b);
      }
    }
    running = false;
  };

  return (item) =>
    new Promise<R>((resolve, reject) => {
      queue.push({ item, resolve, reject });
      if (running) return;
      running = true;
      setImmediate(() => void drain());
    });
}
