import { indiaDay } from "../usage/daily-usage";
import type { AiPlan } from "./ai-quota";

/** How long a user's plan and count, read or counted here, answer the pre-check without a query. */
const FRESH_MS = 30_000;
/**
 * Past this age an entry still answers, and asks to be read again meanwhile: a user who
 * keeps asking never waits for the read (in bench/ai.bench.ts the burst whose 50 entries
 * had all expired together started ~35 ms late).
 */
const REFRESH_AFTER_MS = 20_000;

interface Entry {
  plan: AiPlan;
  used: number;
  day: string;
  at: number;
  /** A read again was asked for (once per entry). */
  refreshing: boolean;
}

/**
 * Each user's AI plan and today's count as this process last read or counted them, so a
 * question's pre-check (before the provider is called) needs no database round trip when
 * the panel was just opened (which reads the quota) or the user asked a moment ago. Only
 * the pre-check reads it: the count itself is taken atomically in the database at the first
 * token, which still refuses if another process used the last interaction meanwhile.
 * A new India day or FRESH_MS makes an entry stale; after REFRESH_AFTER_MS `get` also
 * says `refresh` (once), for the caller to read the user again without waiting.
 */
export function createAllowanceCache(now: () => number = Date.now) {
  const entries = new Map<string, Entry>();
  return {
    get(userId: string, at: Date): { plan: AiPlan; used: number; refresh: boolean } | undefined {
      const e = entries.get(userId);
      if (!e || e.day !== indiaDay(at) || now() - e.at > FRESH_MS) return undefined;
      const refresh = !e.refreshing && now() - e.at > REFRESH_AFTER_MS;
      if (refresh) e.refreshing = true;
      return { plan: e.plan, used: e.used, refresh };
    },
    set(userId: string, at: Date, plan: AiPlan, used: number): void {
      entries.set(userId, { plan, used, day: indiaDay(at), at: now(), refreshing: false });
      // Forget users who went quiet, so the map stays as small as the active set.
      if (entries.size > 1000) for (const [id, e] of entries) if (now() - e.at > FRESH_MS) entries.delete(id);
    },
    /** Counted (+1) or given back (-1) here: the cached count follows without a re-read. */
    adjust(userId: string, by: number): void {
      const e = entries.get(userId);
      if (e) e.used = Math.max(0, e.used + by);
    },
  };
}
