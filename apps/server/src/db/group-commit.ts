import { oneTurnEach } from "../turns";

/**
 * Group commit: `add(item)` resolves with the item's result once it is written. Items added
 * in one event-loop turn are written together after it, and items added while a write is
 * in flight wait for it and go together in the next one: a lone item waits only for the end
 * of its turn, and a burst costs as few statements as the database's speed allows (PGlite
 * runs one statement at a time). Reads batch the same way (one statement for many keys).
 *
 * `write(items)` returns one result per item, in order. When a batch fails, each of its items
 * is written on its own, so one bad item fails only itself.
 *
 * With `onePerTurn`, a batch's results are handed back one per event-loop turn: what each
 * caller does next runs in a turn of its own, so a burst of fifty does not hold the event
 * loop for fifty callers' work at once (for results that nobody waits on to the millisecond).
 */
export function groupCommit<T, R>(write: (items: T[]) => Promise<R[]>, opts: { onePerTurn?: boolean } = {}): (item: T) => Promise<R> {
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

  const handOut = async (batch: Waiting[], results: R[]) => {
    const resolve = (b: Waiting, i: number) => b.resolve(results[i]!);
    if (opts.onePerTurn) await oneTurnEach(batch, resolve);
    else batch.forEach(resolve);
  };

  const drain = async () => {
    while (queue.length > 0) {
      const batch = queue;
      queue = [];
      try {
        void handOut(batch, await write(batch.map((b) => b.item)));
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
