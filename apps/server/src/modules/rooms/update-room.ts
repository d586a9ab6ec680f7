import { eq } from "drizzle-orm";
import { roomMessages } from "@coderoom/shared/messages";
import type { TUpdateRoomBody, TUpdateRoomResult } from "@coderoom/shared/schemas/rooms";
import type { Db } from "../../db/client";
import { rooms } from "../../db/schema/rooms";
import type { DomainEventBus } from "../../events";
import type { LanguageCatalog } from "../../execution/language-catalog";
import { badRequest, forbidden, notFound } from "../../http/errors";
import type { UserRow } from "../users/sessions";
import { replaceRoomCode, type LiveCodeSlot } from "../versions/live-code";
import { storeVersion } from "../versions/version-store";
import { assertCodeFits } from "./code-size";
import { can } from "./policy";
import { getRoomOr404, type RoomRow } from "./room-store";

export interface UpdateRoomOptions {
  db: Db;
  events: DomainEventBus;
  liveCode: LiveCodeSlot;
  languages: LanguageCatalog;
  user: UserRow;
  roomId: string;
  body: TUpdateRoomBody;
  now: Date;
  /** COLLAB_MAX_DOC_CHARS: the longest code a room may hold. */
  maxDocChars: number;
}

type Changes = Partial<Pick<RoomRow, "name" | "code" | "anyoneCanEdit" | "languageId" | "languageName">>;
export type RoomField = TUpdateRoomResult["changed"][number];

/**
 * Applies a partial update (settings including the language, code, or both) by the owner. `updatedAt` moves
 * only when something really changed, so "Most Recent" means recently worked on.
 * Returns the room and the names of the fields that changed.
 */
export async function updateRoom(opts: UpdateRoomOptions): Promise<{ room: RoomRow; changed: RoomField[] }> {
  const { db, user, body } = opts;
  if (body.code !== undefined) assertCodeFits(body.code, opts.maxDocChars);
  const room = await getRoomOr404(db, opts.roomId);
  const touchesSettings = body.roomName !== undefined || body.anyoneCanEdit !== undefined || body.languageId !== undefined;
  if (touchesSettings && !can(user, "updateSettings", room)) throw forbidden("room_forbidden", roomMessages.ownerOnlyUpdate);
  if (body.code !== undefined && !can(user, "saveCode", room)) throw forbidden("room_forbidden", roomMessages.ownerOnlyUpdate);
  const language = body.languageId === undefined ? undefined : opts.languages.get(body.languageId);
  if (body.languageId !== undefined && !language) throw badRequest("language_unknown", roomMessages.languageUnknown);

  const changes: Changes = {};
  const changed: RoomField[] = [];
  if (body.roomName !== undefined && body.roomName !== room.name) {
    changes.name = body.roomName;
    changed.push("roomName");
  }
  if (body.code !== undefined && body.code !== room.code) {
    changes.code = body.code;
    changed.push("code");
  }
  if (body.anyoneCanEdit !== undefined && body.anyoneCanEdit !== room.anyoneCanEdit) {
    changes.anyoneCanEdit = body.anyoneCanEdit;
    changed.push("anyoneCanEdit");
  }
  if (language && language.id !== room.languageId) {
    // The code stays as it is: the owner switches a room created with the wrong language.
    changes.languageId = language.id;
    changes.languageName = language.name;
    changed.push("language");
  }
  if (body.code !== undefined) {
    // Save Code: the saved text becomes the live text (an edit everyone sees) and a named version.
    await replaceRoomCode({ db, liveCode: opts.liveCode }, room.id, body.code, opts.now);
    const version = await storeVersion(db, {
      roomId: room.id,
      name: roomMessages.savedVersionName,
      code: body.code,
      author: { id: user.id, name: user.fullName },
      now: opts.now,
    });
    opts.events.emit("room.versionSaved", { roomId: room.id, version });
  }
  if (changed.length === 0) return { room, changed };

  const [updated] = await db
    .update(rooms)
    .set({ ...changes, updatedAt: opts.now })
    .where(eq(rooms.id, room.id))
    .returning();
  if (!updated) throw notFound("room_not_found", roomMessages.notFound);
  opts.events.emit("room.updated", { roomId: room.id, byUserId: user.id, fields: changed });
  return { room: updated, changed };
}
