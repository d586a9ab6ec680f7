/**
 * The pieces of the answers in flight, on their way to the rooms: an answer's first piece
 * leaves at once, later ones wait for the next tick of one clock shared by every answer
 * (at most `everyMs`), so a room member reading several answers gets them together rather
 * than each answer on a timer of its own. A tick sends every answer's pieces in one
 * event-loop turn, so what a room member is sent in it leaves in one write
 * (realtime/editor/turn-corked-writes.ts).
 */
export function createDeltaPacer(everyMs: number) {
  const due = new Set<() => void>();
  let timer: NodeJS.Timeout | undefined;
  const tick = () => {
    timer = undefined;
    const flushes = [...due];
    due.clear();
    for (const flush of flushes) flush();
  };

  /** One answer's pieces: `send` gets the first alone, then what gathered by each tick. */
  return function answerDeltas(send: (text: string) => void) {
    let pending = "";
    let first = true;
    const flush = () => {
      due.delete(flush);
      if (pending) send(pending);
      pending = "";
    };
    return {
      push(text: string) {
        if (first) {
          first = false;
          return send(text);
        }
        pending += text;
        due.add(flush);
        timer ??= setTimeout(tick, everyMs);
      },
      /** Sends what is pending now (the answer ended). */
      flush,
      /** Drops what is pending (the answer failed or was dropped). */
      cancel: () => {
        due.delete(flush);
        pending = "";
      },
    };
  };
}
