import type { Db } from "../../db/client";
import { quietWindow, type QuietWindowOptions } from "../../db/quiet-window";
import { consumeUsageMany, indiaDay, type UsageKind } from "./daily-usage";

export interface UsageRequest {
  userId: string;
  at: Date;
  kind: UsageKind;
  /** null = unlimited. */
  limit: number | null;
}

interface Waiter {
  userId: string;
  settle: (counted: boolean | Error) => void;
}

/**
 * consumeUsage for callers that come in bursts (the first tokens of many answers): the
 * counts asked for within one event-loop turn, or with `window` for as long as they keep
 * coming (quiet-window.ts), are taken together, one statement per kind, day and limit
 * instead of one upsert each. Each count stays atomic against its limit. A user asked for
 * twice in one batch waits for the next (one statement cannot update a row twice).
 */
export function createUsageBatcher(db: Db, opts: { window?: QuietWindowOptions } = {}) {
  const groups = new Map<string, { request: Omit<UsageRequest, "userId">; waiters: Waiter[] }>();
  let scheduled = false;

  const flushGroup = async (request: Omit<UsageRequest, "userId">, waiters: Waiter[]) => {
    const first = new Map<string, Waiter>();
    const repeats: Waiter[] = [];
    for (const w of waiters) {
      if (first.has(w.userId)) repeats.push(w);
      else first.set(w.userId, w);
    }
    for (const w of repeats) enqueue({ ...request, userId: w.userId }, w);
    try {
      const counted = await consumeUsageMany(db, { ...request, userIds: [...first.keys()] });
      for (const [userId, w] of first) w.settle(counted.has(userId));
    } catch (err) {
      for (const w of first.values()) w.settle(err instanceof Error ? err : new Error(String(err)));
    }
  };
  const flush = () => {
    scheduled = false;
    const batch = [...groups.values()];
    groups.clear();
    for (const { request, waiters } of batch) void flushGroup(request, waiters);
  };
  const gathering = opts.window ? quietWindow(flush, opts.window) : null;
  function enqueue(req: UsageRequest, waiter: Waiter) {
    const key = `${req.kind}|${indiaDay(req.at)}|${req.limit ?? "unlimited"}`;
    const group = groups.get(key) ?? { request: { at: req.at, kind: req.kind, limit: req.limit }, waiters: [] };
    group.waiters.push(waiter);
    groups.set(key, group);
    if (gathering) gathering.added();
    else if (!scheduled) {
      scheduled = true;
      setImmediate(flush);
    }
  }

  return {
    /** Counts one use unless it would pass the limit; false when the limit is reached. */
    consume(req: UsageRequest): Promise<boolean> {
      return new Promise((resolve, reject) =>
        enqueue(req, { userId: req.userId, settle: (r) => (r instanceof Error ? reject(r) : resolve(r)) }),
      );
    },
  };
}

export type UsageBatcher = ReturnType<typeof createUsageBatcher>;
