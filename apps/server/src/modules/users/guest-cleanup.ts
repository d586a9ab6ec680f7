import { and, eq, lt } from "drizzle-orm";
import type { AppDeps } from "../../deps";
import { users } from "../../db/schema/users";

const DAY_MS = 86_400_000;

/**
 * Deletes GUEST accounts not seen for GUEST_TTL_DAYS (their sessions, rooms and
 * memberships and uploaded pictures go with them by cascade). Returns how many.
 */
export async function deleteStaleGuests(deps: AppDeps): Promise<number> {
  const cutoff = new Date(deps.now().getTime() - deps.config.GUEST_TTL_DAYS * DAY_MS);
  const deleted = await deps.db.db
    .delete(users)
    .where(and(eq(users.role, "GUEST"), lt(users.lastSeenAt, cutoff)))
    .returning({ id: users.id });
  // Their sessions went with them: the realtime layer closes their sockets.
  for (const row of deleted) deps.events.emit("user.sessionsRevoked", { userId: row.id });
  return deleted.length;
}
