import { count, eq } from "drizzle-orm";
import type { TCreateRoomBody } from "@coderoom/shared/schemas/rooms";
import { roomMessages } from "@coderoom/shared/messages";
import type { Db } from "../../db/client";
import { roomMembers, rooms } from "../../db/schema/rooms";
import { users } from "../../db/schema/users";
import type { LanguageCatalog } from "../../execution/language-catalog";
import { AppError, badRequest, forbidden } from "../../http/errors";
import { planLimits } from "../billing/plan-limits";
import type { UserRow } from "../users/sessions";
import { canOwnAnotherRoom } from "./policy";
import { generateRoomId, type RoomIdGenerator } from "./room-id";
import type { RoomRow } from "./room-store";

// With 2.2 billion IDs a second collision in a row means the generator is broken, not unlucky.
const MAX_ID_ATTEMPTS = 8;

export interface CreateRoomOptions {
  db: Db;
  languages: LanguageCatalog;
  user: UserRow;
  body: TCreateRoomBody;
  now: Date;
  generateId?: RoomIdGenerator;
}

/**
 * Creates a room owned by the user, with the language's starter program, and puts it
 * in the owner's list. Enforces the plan's room limit and retries on an ID collision.
 */
export async function createRoom(opts: CreateRoomOptions): Promise<RoomRow> {
  const { db, user, body, now } = opts;
  const language = opts.languages.get(body.languageId);
  if (!language) throw badRequest("language_unknown", roomMessages.languageUnknown);
  const nextId = opts.generateId ?? generateRoomId;
  const limits = await planLimits(db, user, now);
  const { maxRooms } = limits;

  return db.transaction(async (tx) => {
    if (maxRooms !== null) {
      // Locking the owner's row serialises their concurrent creates, so the count stays true.
      await tx.select({ id: users.id }).from(users).where(eq(users.id, user.id)).for("update");
      const [owned] = await tx.select({ n: count() }).from(rooms).where(eq(rooms.ownerId, user.id));
      if (!canOwnAnotherRoom(limits, owned?.n ?? 0)) {
        throw forbidden("room_limit_reached", roomMessages.roomLimit(maxRooms));
      }
    }
    for (let attempt = 0; attempt < MAX_ID_ATTEMPTS; attempt += 1) {
      const [room] = await tx
        .insert(rooms)
        .values({
          id: nextId(),
          name: body.roomName,
          languageId: language.id,
          languageName: language.name,
          ownerId: user.id,
          code: language.starter,
          createdAt: now,
          updatedAt: now,
        })
        .onConflictDoNothing({ target: rooms.id })
        .returning();
      if (room) {
        await tx.insert(roomMembers).values({ roomId: room.id, userId: user.id, joinedAt: now });
        return room;
      }
    }
    throw new AppError(500, "internal_error", "Could not create the room. Please try again.");
  });
}
