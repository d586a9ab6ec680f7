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
 */
export function createLiveAnswers(coordination: Coordination, opts: { ttlMs: number }) {
  const answerKey = (answerId: string) => `ai:live:${answerId}`;
  const roomKey = (roomId: string) => `ai:live-in:${roomId}`;
  const write = (exchange: LiveExchange) => coordination.setValue(answerKey(exchange.answer.id), JSON.stringify(exchange), opts.ttlMs);
  return {
    async started(roomId: string, exchange: LiveExchange): Promise<void> {
      await write(exchange);
      await coordination.appendToList(roomKey(roomId), exchange.answer.id, { maxItems: MAX_PER_ROOM, ttlMs: opts.ttlMs });
    },
    /** More of the answer was sent to the room. */
    progressed: write,
    ended: (answerId: string) => coordination.delete(answerKey(answerId)),
    /** The room's answers streaming now, in the order they started. */
    async inRoom(roomId: string): Promise<LiveExchange[]> {
      const ids = await coordination.readList(roomKey(roomId));
      const values = await Promise.all(ids.map((id) => coordination.getValue(answerKey(id))));
      return values.filter((v): v is string => v !== null).map((v) => JSON.parse(v) as LiveExchange);
    },
  };
}
