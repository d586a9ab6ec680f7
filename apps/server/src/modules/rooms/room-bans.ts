import { and, desc, eq } from "drizzle-orm";
import { roomMessages } from "@coderoom/shared/messages";
import type { TRemovedUser } from "@coderoom/shared/schemas/rooms";
import type { Db } from "../../db/client";
import { roomBans, roomMembers } from "../../db/schema/rooms";
import { users } from "../../db/schema/users";
import { badRequest, forbidden } from "../../http/errors";
import type { UserRow } from "../users/sessions";
import { can } from "./policy";
import { getRoomOr404, type RoomRow } from "./room-store";

/**
 * The one check of every way into a room (REST join, `/editor` join, `/collab`): a user the
 * owner removed is refused with `removed_from_room` until the owner lets them back in.
 */
export async function assertNotBanned(db: Db, roomId: string, userId: string): Promise<void> {
  const [ban] = await db
    .select({ userId: roomBans.userId })
    .from(roomBans)
    .where(and(eq(roomBans.roomId, roomId), eq(roomBans.userId, userId)))
    .limit(1);
  if (ban) throw forbidden("removed_from_room", roomMessages.removedByOwner);
}

/** Keeps a kicked user out of the room and takes it off their list. The owner can never be removed. */
export async function banFromRoom(opts: { db: Db; room: Pick<RoomRow, "id" | "ownerId">; userId: string; now: Date }): Promise<void> {
  const { db, room, userId } = opts;
  if (room.ownerId === userId) throw badRequest("cannot_remove_owner", roomMessages.cannotRemoveOwner);
  await db.transaction(async (tx) => {
    await tx.insert(roomBans).values({ roomId: room.id, userId, createdAt: opts.now }).onConflictDoNothing();
    await tx.delete(roomMembers).where(and(eq(roomMembers.roomId, room.id), eq(roomMembers.userId, userId)));
  });
}

/** The room if this user owns it; removed users are the owner's business alone. */
async function ownedRoom(db: Db, user: UserRow, roomId: string): Promise<RoomRow> {
  const room = await getRoomOr404(db, roomId);
  if (!can(user, "kick", room)) throw forbidden("room_forbidden", roomMessages.ownerOnlyUpdate);
  return room;
}

/** The users the owner removed from the room, most recent first. */
export async function listRemovedUsers(opts: { db: Db; user: UserRow; roomId: string }): Promise<TRemovedUser[]> {
  const room = await ownedRoom(opts.db, opts.user, opts.roomId);
  const rows = await opts.db
    .select({ userId: roomBans.userId, name: users.fullName, removedAt: roomBans.createdAt })
    .from(roomBans)
    .innerJoin(users, eq(users.id, roomBans.userId))
    .where(eq(roomBans.roomId, room.id))
    .orderBy(desc(roomBans.createdAt));
  return rows.map((r) => ({ ...r, removedAt: r.removedAt.toISOString() }));
}

/** Lets a removed user join again (harmless when they are not removed). */
export async function letBackIn(opts: { db: Db; user: UserRow; roomId: string; userId: string }): Promise<void> {
  const room = await ownedRoom(opts.db, opts.user, opts.roomId);
  await opts.db.delete(roomBans).where(and(eq(roomBans.roomId, room.id), eq(roomBans.userId, opts.userId)));
}
