/** When a batch that gathers for a while is written (see `quietWindow`). */
export interface QuietWindowOptions {
  /** The batch is written once this long passes with nothing added to it... */
  quietMs: number;
  /** ...and at the latest this long after its first item. */
  maxMs: number;
  /**
   * ...and, within `maxMs`, not while this says the burst is still going (asked every
   * `quietMs`): items that come over a longer span than `quietMs` do not start the write
   * in their midst.
   */
  busy?: () => boolean;
}

/**
 * The timer of a batch that gathers what comes in a burst: `run` is called once the items
 * stop coming (`quietMs` without one, and not `busy`) or `maxMs` after the first, whichever
 * is sooner (a fixed window from the first item would end in the middle of a longer burst).
 */
export function quietWindow(run: () => void, opts: QuietWindowOptions) {
  let timer: NodeJS.Timeout | undefined;
  let firstAt = 0;
  const fire = () => {
    const left = firstAt + opts.maxMs - performance.now();
    if (left > 0 && opts.busy?.()) {
      timer = setTimeout(fire, Math.min(opts.quietMs, left));
      return;
    }
    timer = undefined;
    run();
  };
  return {
    /** An item was added: starts the window, or waits `quietMs` more (within `maxMs`). */
    added() {
      const now = performance.now();
      if (timer === undefined) firstAt = now;
      else clearTimeout(timer);
      timer = setTimeout(fire, Math.max(0, Math.min(opts.quietMs, firstAt + opts.maxMs - now)));
    },
    /** Whether a batch is waiting for its window to end. */
    get open() {
      return timer !== undefined;
    },
  };
}
