import { quietWindow, type QuietWindowOptions } from "./quiet-window";

/**
 * Group commit: `add` resolves once its item is written. While one write is in flight, the
 * items added meanwhile wait and are written together by the next one, in one statement:
 * a burst (50 answers ending within a few ms) costs a few statements, not one each, and
 * a lone item waits only for the end of its event-loop turn.
 *
 * With `window`, a batch waits for the items that keep coming over several turns (instead
 * of the end of its first item's turn) and shares the statement with them (quiet-window.ts).
 * With `maxItems`, a statement takes at most that many, and the event loop gets a turn
 * before the next one (an embedded database writes on the calling thread).
 *
 * When a batch fails, each of its items is written on its own, so one bad item (a row of
 * a room deleted meanwhile) fails only itself.
 */
export function groupCommit<T>(write: (items: T[]) => Promise<void>, opts: { window?: QuietWindowOptions; maxItems?: number } = {}): { add(item: T): Promise<void> } {
  const queue: { item: T; done: (err?: unknown) => void }[] = [];
  let running = false;

  const writeAlone = async ({ item, done }: (typeof queue)[number]) => {
    try {
      await write([item]);
      done();
    } catch (err) {
      done(err);
    }
  };

  const drain = async () => {
    while (queue.length > 0) {
      const batch = queue.splice(0, opts.maxItems ?? queue.length);
      try {
        await write(batch.map((b) => b.item));
        for (const b of batch) b.done();
      } catch (err) {
        if (batch.length === 1) batch[0]!.done(err);
        else for (const b of batch) await writeAlone(b);
      }
      if (queue.length > 0 && opts.maxItems) await new Promise((resolve) => setImmediate(resolve));
    }
    running = false;
  };

  const gathering = opts.window ? quietWindow(() => void drain(), opts.window) : null;

  return {
    add(item) {
      return new Promise<void>((resolve, reject) => {
        queue.push({ item, done: (err) => (err === undefined ? resolve() : reject(err)) });
        if (running) {
          // Still gathering: this item keeps the window open. (Added during a write, it waits for the next.)
          if (gathering?.open) gathering.added();
          return;
        }
        running = true;
        if (gathering) gathering.added();
        else setImmediate(() => void drain());
      });
    },
  };
}
