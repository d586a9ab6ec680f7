import { z } from "zod";
import { limits } from "../constants/limits";
import { validationMessages as m } from "../messages";
import { hasNoControlChars, zCode } from "../validation";

/** Room ID: exactly 6 of A-Z/0-9. Paths accept any case; the server upper-cases. */
export const zRoomId = z
  .string()
  .trim()
  .transform((v) => v.toUpperCase())
  .pipe(z.string().regex(/^[A-Z0-9]{6}$/, "Room ID must be 6 letters or digits"));

export const zRoomIdParams = z.object({ id: zRoomId });

export const zRoomName = z
  .string({ error: "Room name is required" })
  .trim()
  .min(1, "Room name is required")
  .max(limits.roomNameMax, `Room name must be at most ${limits.roomNameMax} characters`)
  .refine(hasNoControlChars, m.controlCharacters);

/**
 * A language of `GET /rooms/languages`. `name` is plain ("Python", "CPP"): the original
 * client lower-cases it into a Monaco id, so it is one wherever Monaco has one. Our UI
 * shows `label` ("Python (3.11.2)"); `monacoId` is the editor's language id.
 */
export const zLanguage = z.object({
  id: z.number().int(),
  name: z.string(),
  label: z.string(),
  version: z.string(),
  monacoId: z.string(),
});
export type TLanguage = z.infer<typeof zLanguage>;

/** The language a room records: id and plain name. */
export const zRoomLanguage = z.object({ id: z.number().int(), name: z.string() });

export const zCreateRoomBody = z.object({
  roomName: zRoomName,
  languageId: z.coerce.number({ error: "Choose a language" }).int(),
  languageName: z.string().max(100).refine(hasNoControlChars, m.controlCharacters).optional(),
});
export type TCreateRoomBody = z.infer<typeof zCreateRoomBody>;

export const zUpdateRoomBody = z
  .object({
    roomName: zRoomName.optional(),
    code: zCode().optional(),
    anyoneCanEdit: z.boolean().optional(),
    /** The owner changes the room's language (one of `GET /rooms/languages`); the code stays as it is. */
    languageId: z.number().int().optional(),
  })
  .refine((v) => v.roomName !== undefined || v.code !== undefined || v.anyoneCanEdit !== undefined || v.languageId !== undefined, {
    message: "Nothing to update",
  });
export type TUpdateRoomBody = z.infer<typeof zUpdateRoomBody>;

/** Room as `GET /rooms/join/{id}` returns it (spec §3). */
export const zRoom = z.object({
  roomId: z.string(),
  roomName: z.string(),
  language: zRoomLanguage,
  owner: z.string(),
  code: z.string(),
  anyoneCanEdit: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type TRoom = z.infer<typeof zRoom>;

/** Room as the dashboard lists it (`GET /users/rooms`). */
export const zRoomSummary = z.object({
  roomId: z.string(),
  roomName: z.string(),
  owner: z.string(),
  ownerName: z.string(),
  isOwner: z.boolean(),
  language: zRoomLanguage,
  anyoneCanEdit: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type TRoomSummary = z.infer<typeof zRoomSummary>;

/** `data` of `POST /rooms/create`. */
export const zCreateRoomResult = z.object({ roomId: z.string() });

/** `data` of `PUT /rooms/update/{id}`: the new state without the code, and what changed. */
export const zUpdateRoomResult = z.object({
  roomId: z.string(),
  roomName: z.string(),
  anyoneCanEdit: z.boolean(),
  language: zRoomLanguage,
  updatedAt: z.string(),
  changed: z.array(z.enum(["roomName", "code", "anyoneCanEdit", "language"])),
});
export type TUpdateRoomResult = z.infer<typeof zUpdateRoomResult>;

/** `data` of `DELETE /rooms/delete/{id}`: deleted for everyone (owner) or removed from the caller's list. */
export const zDeleteRoomResult = z.object({ roomId: z.string(), outcome: z.enum(["deleted", "removed"]) });
export type TDeleteRoomResult = z.infer<typeof zDeleteRoomResult>;

/** `data` of `GET /users/rooms`. */
export const zUserRoomsResult = z.object({ rooms: z.array(zRoomSummary) });

/** A user the owner removed (kicked) from the room: kept out until the owner lets them back in. */
export const zRemovedUser = z.object({ userId: z.string(), name: z.string(), removedAt: z.string() });
export type TRemovedUser = z.infer<typeof zRemovedUser>;
export const zRemovedUserParams = z.object({ id: zRoomId, userId: z.string().uuid() });

/** REST paths under `/api/v1` (owner only): list the removed users; `DELETE one` lets that user back in. */
export const removedUserPaths = {
  list: (roomId: string) => `/rooms/${encodeURIComponent(roomId)}/removed-users`,
  one: (roomId: string, userId: string) => `/rooms/${encodeURIComponent(roomId)}/removed-users/${encodeURIComponent(userId)}`,
} as const;
