import type { Db } from "../../db/client";
import { roomMembers } from "../../db/schema/rooms";
import { FOREIGN_KEY_VIOLATION, hasSqlState } from "../../db/sql-state";
import { forbidden, notFound } from "../../http/errors";
import { roomMessages } from "@coderoom/shared/messages";
import type { UserRow } from "../users/sessions";
import { can } from "./policy";
import { getRoomOr404, type RoomRow } from "./room-store";

/** Opens a room by its ID and adds it to the user's list (joining twice is harmless). */
export async function joinRoom(opts: { db: Db; user: UserRow; roomId: string; now: Date }): Promise<RoomRow> {
  const { db, user, roomId, now } = opts;
  const room = await getRoomOr404(db, roomId);
  if (!can(user, "view", room)) throw forbidden("room_forbidden", roomMessages.noAccess);
  try {
    await db.insert(roomMembers).values({ roomId: room.id, userId: user.id, joinedAt: now }).onConflictDoNothing();
  } catch (err) {
    // The owner deleted the room between our read and this insert.
    if (hasSqlState(err, FOREIGN_KEY_VIOLATION)) throw notFound("room_not_found", roomMessages.notFound);
    throw err;
  }
  return room;
}
