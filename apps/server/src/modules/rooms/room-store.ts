import { eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { rooms } from "../../db/schema/rooms";
import { notFound } from "../../http/errors";
import { roomMessages } from "@coderoom/shared/messages";

export type RoomRow = typeof rooms.$inferSelect;

/** The room with this (already upper-cased) ID, or a 404 `room_not_found`. */
export async function getRoomOr404(db: Db, roomId: string): Promise<RoomRow> {
  const [room] = await db.select().from(rooms).where(eq(rooms.id, roomId)).limit(1);
  if (!room) throw notFound("room_not_found", roomMessages.notFound);
  return room;
}
