import { lt } from "drizzle-orm";
import type { AppDeps } from "../../deps";
import { passwordResets } from "../../db/schema/users";
import { repeatWhileOpen } from "../../http/repeat-while-open";
import type { App } from "../../http/types";
import { deleteStaleGuests } from "./guest-cleanup";
import { deleteExpiredSessions } from "./sessions";
import { deleteStaleThrottles } from "./throttle";

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

/** One pass: stale guests, expired sessions, old reset tokens and throttle counters. */
export async function runHousekeeping(deps: AppDeps): Promise<{ guestsDeleted: number }> {
  const { db } = deps.db;
  const now = deps.now();
  const guestsDeleted = await deleteStaleGuests(deps);
  await deleteExpiredSessions(db, now);
  await db.delete(passwordResets).where(lt(passwordResets.expiresAt, new Date(now.getTime() - DAY_MS)));
  await deleteStaleThrottles(db, new Date(now.getTime() - DAY_MS));
  return { guestsDeleted };
}

/**
 * Runs housekeeping hourly while the app is open. Every process may run it: each step is
 * an idempotent DELETE.
 */
export function scheduleHousekeeping(app: App, deps: AppDeps): void {
  repeatWhileOpen(
    app,
    HOUR_MS,
    async () => {
      const { guestsDeleted } = await runHousekeeping(deps);
      if (guestsDeleted > 0) app.log.info({ guestsDeleted }, "deleted idle guest accounts");
    },
    (err) => app.log.error({ err }, "housekeeping failed"),
  );
}
