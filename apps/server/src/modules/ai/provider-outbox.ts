import type { FromProvider } from "./provider-thread";

/**
 * What the provider thread sends its parent, gathered into few messages. An answer's first
 * text, its end and its errors leave in the event-loop turn they happen in (with everything
 * gathered before them); its later texts wait for the next tick of a clock shared by every
 * answer (at most `paceMs`), joined into one piece per answer. The parent shows later pieces
 * on a slower clock of its own (answer-deltas.ts), so nothing a reader sees is later; what is
 * saved is one postMessage per tick instead of one or more per turn: in bench/ai.bench.ts
 * (50 answers of 50 tokens at once) postMessage was 12 % of this thread's CPU.
 */
export function createProviderOutbox(post: (batch: FromProvider[]) => void, paceMs: number) {
  let outbox: FromProvider[] = [];
  /** The text message of each answer still in the outbox, which its next texts join. */
  const gathering = new Map<number, Extract<FromProvider, { type: "text" }>>();
  /** Answers whose first text has left (a first text is never held back). */
  const begun = new Set<number>();
  let soon: NodeJS.Immediate | undefined;
  let tick: NodeJS.Timeout | undefined;

  const flush = () => {
    clearImmediate(soon);
    clearTimeout(tick);
    soon = tick = undefined;
    const batch = outbox;
    outbox = [];
    gathering.clear();
    if (batch.length > 0) post(batch);
  };

  return {
    send(msg: FromProvider) {
      if (msg.type === "text") {
        const gathered = gathering.get(msg.id);
        if (gathered) gathered.text += msg.text;
        else {
          const copy = { ...msg };
          outbox.push(copy);
          gathering.set(msg.id, copy);
        }
        if (begun.has(msg.id)) {
          tick ??= setTimeout(flush, paceMs);
          return;
        }
        begun.add(msg.id);
      } else {
        outbox.push(msg);
        gathering.delete(msg.id);
        begun.delete(msg.id);
      }
      soon ??= setImmediate(flush);
    },
  };
}
