import type { TAssistantMessage } from "@coderoom/shared/schemas/assistant";
import type { Coordination } from "../../coordination/coordination";

export interface LiveExchange {
  question: TAssistantMessage;
  /** The answer as far as the room has been sent it. */
  answer: TAssistantMessage;
}

/** A room has at most this many answers streaming at once (its per-minute limit bounds it). */
const MAX_PER_ROOM = 50;

/**
 * The answers streaming now, with their text so far, in the coordination store: a member
 * whose socket reaches any process reads them. Each entry lives `ttlMs` after its last
 * write, so a process that dies mid-answer leaves nothing behind for long.
 *
 * An entry is the exchange as it started, in JSON (which has no raw line break), a line
 * break, and the text sent so far: the JSON is made once per answer, not once per piece.
 */
export function createLiveAnswers(coordination: Coordination, opts: { ttlMs: number }) {
  const answerKey = (answerId: string) => `ai:live:${answerId}`;
  const roomKey = (roomId: string) => `ai:live-in:${roomId}`;
  /** This process's answers streaming now: each one's exchange in JSON. */
  const exchanges = new Map<string, string>();
  const write = async (answerId: string, text: string) => {
    const exchange = exchanges.get(answerId);
    if (exchange !== undefined) await coordination.setValue(answerKey(answerId), `${exchange}\n${text}`, opts.ttlMs);
  };
  return {
    async started(roomId: string, exchange: LiveExchange): Promise<void> {
      exchanges.set(exchange.answer.id, JSON.stringify(exchange));
      await write(exchange.answer.id, exchange.answer.content);
      await coordination.appendToList(roomKey(roomId), exchange.answer.id, { maxItems: MAX_PER_ROOM, ttlMs: opts.ttlMs });
    },
    /** The room has been sent `text` of the answer so far. */
    progressed: write,
    ended(answerId: string): Promise<void> {
      exchanges.delete(answerId);
      return coordination.delete(answerKey(answerId));
    },
    /** The room's answers streaming now (on any process), in the order they started. */
    async inRoom(roomId: string): Promise<LiveExchange[]> {
      const ids = await coordination.readList(roomKey(roomId));
      const entries = await Promise.all(ids.map((id) => coordination.getValue(answerKey(id))));
      return entries.flatMap((entry) => {
        if (entry === null) return [];
        const cut = entry.indexOf("\n");
        const { question, answer } = JSON.parse(entry.slice(0, cut)) as LiveExchange;
        return [{ question, answer: { ...answer, content: entry.slice(cut + 1) } }];
      });
    },
  };
}
