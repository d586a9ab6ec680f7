import type { TAssistantMessage } from "@coderoom/shared/schemas/assistant";
import type { Db } from "../../db/client";
import { loadConversation } from "./conversation-store";

/** How long a room's history read from the database is reused for prompts. */
const FRESH_MS = 15_000;

/**
 * The last messages of each room for prompts, read from the database at most every
 * few seconds and extended in place as answers finish here, so a burst of questions
 * does not queue one history query each before the provider is called. Another
 * process's answers appear at the next read.
 */
export function createRecentHistory(db: Db, opts: { size: number; publicUrl: string; now: () => number }) {
  const cache = new Map<string, { at: number; messages: Promise<TAssistantMessage[]> }>();
  return {
    get(roomId: string): Promise<TAssistantMessage[]> {
      const hit = cache.get(roomId);
      if (hit && opts.now() - hit.at < FRESH_MS) return hit.messages;
      const messages = loadConversation(db, { roomId, limit: opts.size, publicUrl: opts.publicUrl });
      cache.set(roomId, { at: opts.now(), messages });
      messages.catch(() => cache.delete(roomId));
      // Drop idle rooms' entries once they are stale.
      for (const [id, entry] of cache) if (opts.now() - entry.at > FRESH_MS * 4) cache.delete(id);
      return messages;
    },
    /** A fresh read of the room's conversation (the panel opening): prompts reuse its tail. */
    seed(roomId: string, messages: TAssistantMessage[]): void {
      cache.set(roomId, { at: opts.now(), messages: Promise.resolve(messages.slice(-opts.size)) });
    },
    /** Adds a finished exchange to the room's cached history (if cached). */
    append(roomId: string, ...added: TAssistantMessage[]): void {
      const hit = cache.get(roomId);
      if (!hit) return;
      hit.messages = hit.messages.then((m) => [...m, ...added].slice(-opts.size));
    },
  };
}
