import { lt } from "drizzle-orm";
import type { AppDeps } from "../../deps";
import { passwordResets } from "../../db/schema/users";
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
 * Runs housekeeping hourly from the moment the app is ready until it closes. The
 * timer does not keep the process alive; a pass still running at close is awaited
 * so it never touches a closed database. Every process may run it: each step is an
 * idempotent DELETE.
 */
export function scheduleHousekeeping(app: App, deps: AppDeps): void {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> = Promise.resolve();
  const pass = () => {
    running = runHousekeeping(deps)
      .then(({ guestsDeleted }) => {
        if (guestsDeleted > 0) app.log.info({ guestsDeleted }, "deleted idle guest accounts");
      })
      .catch((err: unknown) => app.log.error({ err }, "housekeeping failed"));
  };
  app.addHook("onReady", async () => {
    timer = setInterval(pass, HOUR_MS);
    timer.unref();
  });
  app.addHook("onClose", async () => {
    clearInterval(timer);
    await running;
  });
}
