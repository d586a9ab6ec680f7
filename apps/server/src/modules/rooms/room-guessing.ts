import { and, eq } from "drizzle-orm";
import { roomMessages } from "@coderoom/shared/messages";
import type { Db } from "../../db/client";
import { roomMembers, rooms } from "../../db/schema/rooms";
import { notFound } from "../../http/errors";
import { MINUTE_MS, assertNotThrottled, enforceThrottle, type ThrottleRule } from "../users/throttle";
import type { RoomRow } from "./room-store";

/**
 * Budgets of unknown room IDs, one for every way into a room (REST join, `/editor` join,
 * `/collab`). Opening a room by ID shows its code (the spec's sharing model), so IDs must
 * not be enumerable: 20 misses per account per 10 minutes is plenty for mistyped links
 * and far too few to find rooms by chance (36^6 ≈ 2.2 billion IDs). The address budget
 * is much higher, so one office behind NAT is not locked out by one person guessing.
 */
export const roomGuessUserRule = (userId: string): ThrottleRule => ({
  key: `room-guess:user:${userId}`,
  limit: 20,
  windowMs: 10 * MINUTE_MS,
});
export const roomGuessIpRule = (ip: string): ThrottleRule => ({ key: `room-guess:ip:${ip}`, limit: 300, windowMs: 10 * MINUTE_MS });

const guessRules = (userId: string, ip: string) => [roomGuessUserRule(userId), roomGuessIpRule(ip)];
/** The caller's own membership row, joined to the room. */
const ownMembership = (userId: string) => and(eq(roomMembers.roomId, rooms.id), eq(roomMembers.userId, userId));
const isMember = (userId: string, found: { ownerId: string; memberId: string | null }) =>
  found.memberId !== null || found.ownerId === userId;

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
    .leftJoin(roomMembers, ownMembership(userId))
    .where(eq(rooms.id, roomId))
    .limit(1);
  if (found && isMember(userId, { ownerId: found.room.ownerId, memberId: found.memberId })) return found.room;
  const rules = guessRules(userId, opts.ip);
  await assertNotThrottled(db, rules, now);
  if (found) return found.room;
  await enforceThrottle(db, rules, now);
  throw notFound("room_not_found", roomMessages.notFound);
}

/**
 * For a way in that only members may use (`/collab`): the owner and members pass, never
 * throttled; anyone else spends one guess and gets the unknown-room answer whether the
 * room exists or not, so this path tells nothing about which IDs exist.
 */
export async function assertRoomMember(opts: { db: Db; userId: string; ip: string; roomId: string; now: Date }): Promise<void> {
  const { db, userId, roomId } = opts;
  const [found] = await db
    .select({ ownerId: rooms.ownerId, memberId: roomMembers.userId })
    .from(rooms)
    .leftJoin(roomMembers, ownMembership(userId))
    .where(eq(rooms.id, roomId))
    .limit(1);
  if (found && isMember(userId, found)) return;
  await enforceThrottle(db, guessRules(userId, opts.ip), opts.now);
  throw notFound("room_not_found", roomMessages.notFound);
}
