import { and, eq } from "drizzle-orm";
import { roomMessages } from "@coderoom/shared/messages";
import type { Db } from "../../db/client";
import { roomMembers, rooms } from "../../db/schema/rooms";
import type { DomainEventBus } from "../../events";
import { forbidden } from "../../http/errors";
import type { UserRow } from "../users/sessions";
import { can } from "./policy";
import { getRoomOr404 } from "./room-store";

/** "deleted": the room is gone for everyone; "removed": it only left the caller's list. */
export type DeleteOutcome = "deleted" | "removed";

/**
 * The owner deletes the room for everyone (members' lists included, and a
 * `room.deleted` event tells the realtime layer to send people inside to the
 * dashboard). Anyone else who has the room in their list only removes it from
 * that list; someone without it in their list may do neither (403).
 */
export async function deleteRoom(opts: { db: Db; events: DomainEventBus; user: UserRow; roomId: string }): Promise<DeleteOutcome> {
  const { db, user } = opts;
  const room = await getRoomOr404(db, opts.roomId);
  if (can(user, "delete", room)) {
    await db.delete(rooms).where(eq(rooms.id, room.id));
    opts.events.emit("room.deleted", { roomId: room.id, byUserId: user.id });
    return "deleted";
  }
  const removed = await db
    .delete(roomMembers)
    .where(and(eq(roomMembers.roomId, room.id), eq(roomMembers.userId, user.id)))
    .returning({ roomId: roomMembers.roomId });
  if (removed.length === 0) throw forbidden("room_forbidden", roomMessages.ownerOnlyDelete);
  return "removed";
}
