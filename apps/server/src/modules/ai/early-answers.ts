import type { TAssistantQuota } from "@coderoom/shared/schemas/assistant";
import { indiaDay } from "../usage/daily-usage";

/**
 * An answer requested now and read later: the provider's first piece is asked for at once,
 * and `pieces` yields every piece from the first. `drop()` aborts the request and reads
 * nothing more of it.
 */
export function requestNow(stream: (signal: AbortSignal) => AsyncIterable<string>, controller: AbortController) {
  const source = stream(controller.signal)[Symbol.asyncIterator]();
  const first = source.next();
  // Read (and thrown) by whoever reads `pieces`; a dropped answer's failure is nobody's.
  first.catch(() => undefined);
  async function* pieces() {
    try {
      for (let piece = await first; !piece.done; piece = await source.next()) yield piece.value;
    } finally {
      await source.return?.();
    }
  }
  return {
    pieces: pieces(),
    drop(): void {
      controller.abort();
      // The aborted request ends quietly; its first step is all that was started.
      void first.then(() => source.return?.()).catch(() => undefined);
    },
  };
}

/**
 * What this process last counted of each user's AI quota today, to decide whether a question's
 * answer may be requested while it is counted. A hint, never the rule: the count alone lets a
 * question through. The hint is trusted only when the last count left room for another
 * question (or had no limit). A user unknown here is counted first, so a refusal makes no
 * provider request unless the user's questions went through another process since this one
 * last counted them, or their plan ended meanwhile; then the request is dropped unread.
 */
export function createQuotaHints() {
  let day = "";
  const roomLeft = new Set<string>();
  const today = (at: Date) => {
    const now = indiaDay(at);
    if (now !== day) {
      day = now;
      roomLeft.clear();
    }
  };
  return {
    /** This process's last count of the user today left room for this question. */
    mayAnswerEarly(userId: string, at: Date): boolean {
      today(at);
      return roomLeft.has(userId);
    },
    counted(userId: string, at: Date, quota: TAssistantQuota): void {
      today(at);
      if (quota.limit === null || quota.used < quota.limit) roomLeft.add(userId);
      else roomLeft.delete(userId);
    },
  };
}
