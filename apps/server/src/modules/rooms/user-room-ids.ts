import { asc, eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { roomMembers } from "../../db/schema/rooms";

/** IDs of the rooms in the user's list (owned and joined), oldest first: the `rooms` of the user object. */
export async function listRoomIdsForUser(db: Db, userId: string): Promise<string[]> {
  const rows = await db
    .select({ roomId: roomMembers.roomId })
    .from(roomMembers)
    .where(eq(roomMembers.userId, userId))
    .orderBy(asc(roomMembers.joinedAt));
  return rows.map((r) => r.roomId);
}
