import type { Db } from "../../db/client";
import { roomMembers } from "../../db/schema/rooms";
import { FOREIGN_KEY_VIOLATION, hasSqlState } from "../../db/sql-state";
import { forbidden, notFound } from "../../http/errors";
import { roomMessages } from "@coderoom/shared/messages";
import type { UserRow } from "../users/sessions";
import { readRoomCode, type LiveCodeSlot } from "../versions/live-code";
import { can } from "./policy";
import { assertNotBanned } from "./room-bans";
import { findRoomForVisitor } from "./room-guessing";
import type { RoomRow } from "./room-store";

/**
 * Opens a room by its ID and adds it to the user's list (joining twice is harmless):
 * REST `GET /rooms/join/{id}` and the `/editor` join both make the user a member.
 * Unknown IDs count against the caller's guessing budget (room-guessing.ts).
 */
export async function joinRoom(opts: {
  db: Db;
  user: Pick<UserRow, "id">;
  ip: string;
  roomId: string;
  now: Date;
  /** Answers the live text instead of the stored mirror (REST join). */
  liveCode?: LiveCodeSlot;
}): Promise<RoomRow> {
  const { db, user, roomId, now } = opts;
  const room = await findRoomForVisitor({ db, userId: user.id, ip: opts.ip, roomId, now });
  if (!can(user, "view", room)) throw forbidden("room_forbidden", roomMessages.noAccess);
  await assertNotBanned(db, room.id, user.id);
  try {
    await db.insert(roomMembers).values({ roomId: room.id, userId: user.id, joinedAt: now }).onConflictDoNothing();
  } catch (err) {
    // The owner deleted the room between our read and this insert.
    if (hasSqlState(err, FOREIGN_KEY_VIOLATION)) throw notFound("room_not_found", roomMessages.notFound);
    throw err;
  }
  // The live text (rooms.code is a mirror that lags it by seconds).
  const live = opts.liveCode ? await readRoomCode({ db, liveCode: opts.liveCode }, room.id, { load: true }) : null;
  return live === null ? room : { ...room, code: live };
}
