/**
 * Reads asked for in one event-loop turn are made together, in one `readMany` call after
 * the turn (a lone read waits only for the end of its turn): `read(item)` resolves with
 * what readMany found under `keyOf(item)`, and an item asked for twice is read once.
 * Group commit's counterpart for reads: a burst of 50 questions from askers whose quota
 * was not cached read it in two queries instead of a hundred, which on embedded PGlite
 * (running on this thread) held the event loop ~95 ms.
 */
export function readTogether<T, V>(keyOf: (item: T) => string, readMany: (items: T[]) => Promise<Map<string, V>>): (item: T) => Promise<V> {
  let batch = new Map<string, { item: T; waiters: { resolve: (v: V) => void; reject: (err: unknown) => void }[] }>();

  const flush = async () => {
    const reads = batch;
    batch = new Map();
    try {
      const found = await readMany([...reads.values()].map((r) => r.item));
      for (const [key, { waiters }] of reads) {
        const value = found.get(key);
        for (const w of waiters) {
          if (value === undefined) w.reject(new Error(`nothing read for ${key}`));
          else w.resolve(value);
        }
      }
    } catch (err) {
      for (const { waiters } of reads.values()) for (const w of waiters) w.reject(err);
    }
  };

  return (item) =>
    new Promise<V>((resolve, reject) => {
      const key = keyOf(item);
      const pending = batch.get(key);
      if (pending) return pending.waiters.push({ resolve, reject });
      if (batch.size === 0) setImmediate(() => void flush());
      batch.set(key, { item, waiters: [{ resolve, reject }] });
    });
}
