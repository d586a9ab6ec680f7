import type { PromptMessage, TimedMessage } from "./conversation-store";

interface Kept {
  messages: TimedMessage[];
  readAt: number;
}

/** Conversation order: by time; of a question and its answer (same time) the question first. */
const byPlace = (a: TimedMessage, b: TimedMessage) => a.at - b.at || (a.role === b.role ? 0 : a.role === "user" ? -1 : 1);

/**
 * The rooms' latest messages for prompts, kept after the first read, so a burst of questions
 * builds its prompts without waiting on the database. It stays true through what it is told:
 * this process's saves are added in place (`saved`); another process's save, or the room's
 * deletion, makes the room read again (`changed`). A read that a save or a change overtook
 * serves its own prompt and is not kept. Anything kept longer than `maxAgeMs` is read again
 * (a change notice lost in an outage is then forgotten in time), and only the `maxRooms`
 * rooms asked most recently are kept.
 */
export function createPromptHistory(opts: {
  read: (roomId: string) => Promise<TimedMessage[]>;
  limit: number;
  maxRooms: number;
  maxAgeMs: number;
  now?: () => number;
}) {
  const now = opts.now ?? Date.now;
  const kept = new Map<string, Kept>();
  /** The rooms' reads in flight: a save or a change marks them overtaken. */
  const reading = new Map<string, Set<{ overtaken: boolean }>>();
  const overtake = (roomId: string) => reading.get(roomId)?.forEach((read) => (read.overtaken = true));

  const keep = (roomId: string, entry: Kept) => {
    kept.delete(roomId);
    kept.set(roomId, entry);
    // Map order is insertion order: the first key is the room asked least recently.
    if (kept.size > opts.maxRooms) {
      const oldest = kept.keys().next().value!;
      kept.delete(oldest);
    }
  };

  return {
    /** The room's latest `limit` messages, oldest first, never starting with an answer. */
    async get(roomId: string): Promise<PromptMessage[]> {
      const hit = kept.get(roomId);
      if (hit && now() - hit.readAt <= opts.maxAgeMs) {
        keep(roomId, hit);
        return withoutLeadingAnswers(hit.messages);
      }
      kept.delete(roomId);
      const read = { overtaken: false };
      const reads = reading.get(roomId) ?? new Set();
      reading.set(roomId, reads.add(read));
      const readAt = now();
      try {
        const messages = await opts.read(roomId);
        if (!read.overtaken) keep(roomId, { messages, readAt });
        return withoutLeadingAnswers(messages);
      } finally {
        reads.delete(read);
        if (reads.size === 0) reading.delete(roomId);
      }
    },
    /** This process saved these messages of the room (a question and its answer). */
    saved(roomId: string, messages: TimedMessage[]): void {
      overtake(roomId);
      const hit = kept.get(roomId);
      if (!hit) return;
      hit.messages = [...hit.messages, ...messages].sort(byPlace).slice(-opts.limit);
    },
    /** The room's conversation changed elsewhere (another process saved, or the room is gone). */
    changed(roomId: string): void {
      overtake(roomId);
      kept.delete(roomId);
    },
  };
}

/** A prompt's history starts with a question: an answer whose question fell outside it goes. */
function withoutLeadingAnswers(messages: TimedMessage[]): PromptMessage[] {
  const first = messages.findIndex((m) => m.role === "user");
  return first === -1 ? [] : messages.slice(first);
}
