import { and, eq } from "drizzle-orm";
import { roomMessages } from "@coderoom/shared/messages";
import type { Db } from "../../db/client";
import { roomMembers, rooms } from "../../db/schema/rooms";
import { notFound } from "../../http/errors";
import { MINUTE_MS, assertNotThrottled, enforceThrottle, type ThrottleRule } from "../users/throttle";
import type { RoomRow } from "./room-store";

/**
 * Budgets of unknown room IDs. Opening a room by ID shows its code (the spec's sharing
 * model), so IDs must not be enumerable: 20 misses per user and 60 per address per
 * 10 minutes is plenty for mistyped links and far too few to find rooms by chance
 * (36^6 ≈ 2.2 billion IDs).
 */
export const roomGuessUserRule = (userId: string): ThrottleRule => ({
  key: `room-guess:user:${userId}`,
  limit: 20,
  windowMs: 10 * MINUTE_MS,
});
export const roomGuessIpRule = (ip: string): ThrottleRule => ({ key: `room-guess:ip:${ip}`, limit: 60, windowMs: 10 * MINUTE_MS });

/**
 * Looks a room up for someone opening it by ID. Rooms already in the caller's list are
 * never throttled. Otherwise, once the caller (or their address) has used up the
 * budget, every lookup is 429, known or not, so the answer cannot reveal which IDs
 * exist; each unknown ID counts against the budget and is a 404.
 */
export async function findRoomForVisitor(opts: { db: Db; userId: string; ip: string; roomId: string; now: Date }): Promise<RoomRow> {
  const { db, userId, roomId, now } = opts;
  const [found] = await db
    .select({ room: rooms, memberId: roomMembers.userId })
    .from(rooms)
    .leftJoin(roomMembers, and(eq(roomMembers.roomId, rooms.id), eq(roomMembers.userId, userId)))
    .where(eq(rooms.id, roomId))
    .limit(1);
  if (found && (found.memberId !== null || found.room.ownerId === userId)) return found.room;
  const rules = [roomGuessUserRule(userId), roomGuessIpRule(opts.ip)];
  await assertNotThrottled(db, rules, now);
  if (found) return found.room;
  await enforceThrottle(db, rules, now);
  throw notFound("room_not_found", roomMessages.notFound);
}
