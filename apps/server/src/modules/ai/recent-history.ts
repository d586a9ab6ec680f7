import type { TAssistantMessage } from "@coderoom/shared/schemas/assistant";
import type { Db } from "../../db/client";
import { loadConversation } from "./conversation-store";

/**
 * How long a room's history read from the database is reused for prompts. With other
 * server processes (Redis), their answers appear at the next read. Alone, this process
 * saw every answer finish and extended the copy itself; it still re-reads now and then,
 * as a safety net, but not every 15 s: rooms seeded together went stale together, and a
 * burst of questions re-reading ten rooms' histories held the event loop ~50 ms.
 */
const FRESH_MS = { shared: 15_000, alone: 300_000 };
/** A room nobody asked in or opened the panel of for this long is forgotten. */
const IDLE_MS = 120_000;

interface Entry {
  readAt: number;
  usedAt: number;
  messages: Promise<TAssistantMessage[]>;
}

/**
 * The last messages of each room for prompts, read from the database when missing or
 * stale and extended in place as answers finish here, so a burst of questions does not
 * queue one history query each before the provider is called.
 */
export function createRecentHistory(db: Db, opts: { size: number; publicUrl: string; now: () => number; shared: boolean }) {
  const freshMs = opts.shared ? FRESH_MS.shared : FRESH_MS.alone;
  const cache = new Map<string, Entry>();
  const put = (roomId: string, messages: Promise<TAssistantMessage[]>) => {
    const t = opts.now();
    const entry: Entry = { readAt: t, usedAt: t, messages };
    cache.set(roomId, entry);
    messages.catch(() => cache.get(roomId) === entry && cache.delete(roomId));
    for (const [id, e] of cache) if (t - e.usedAt > IDLE_MS) cache.delete(id);
    return messages;
  };
  return {
    get(roomId: string): Promise<TAssistantMessage[]> {
      const hit = cache.get(roomId);
      if (!hit || opts.now() - hit.readAt >= freshMs) return put(roomId, loadConversation(db, { roomId, limit: opts.size, publicUrl: opts.publicUrl }));
      hit.usedAt = opts.now();
      return hit.messages;
    },
    /**
     * A read of the room's conversation started now (the panel opening): prompts reuse its
     * tail. Given as the pending read, so an answer finishing while it runs is appended to it.
     */
    seed(roomId: string, messages: Promise<TAssistantMessage[]>): void {
      put(roomId, messages.then((m) => m.slice(-opts.size)));
    },
    /** Adds a finished exchange to the room's cached history (if cached; once, if the read already has it). */
    append(roomId: string, ...added: TAssistantMessage[]): void {
      const hit = cache.get(roomId);
      if (!hit) return;
      hit.messages = hit.messages.then((m) => [...m, ...added.filter((a) => !m.some((x) => x.id === a.id))].slice(-opts.size));
    },
  };
}
