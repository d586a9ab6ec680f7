import type { TRoom, TRoomSummary } from "@coderoom/shared/schemas/rooms";
import type { LanguageCatalog } from "../../execution/language-catalog";
import type { RoomListRow } from "./list-user-rooms";
import type { RoomRow } from "./room-store";

/**
 * The language as clients read it: the catalog's plain name (a Monaco id once lower-cased),
 * so rooms stored under an older naming scheme ("Python (3.11.2)") still highlight.
 */
function languageOf(room: Pick<RoomRow, "languageId" | "languageName">, catalog?: LanguageCatalog) {
  return { id: room.languageId, name: catalog?.get(room.languageId)?.name ?? room.languageName };
}

/** The room of spec §3 as `GET /rooms/join/{id}` answers it. */
export function presentRoom(room: RoomRow, catalog?: LanguageCatalog): TRoom {
  return {
    roomId: room.id,
    roomName: room.name,
    language: languageOf(room, catalog),
    owner: room.ownerId,
    code: room.code,
    anyoneCanEdit: room.anyoneCanEdit,
    createdAt: room.createdAt.toISOString(),
    updatedAt: room.updatedAt.toISOString(),
  };
}

/** A dashboard list item; `isOwner` is relative to the user asking. */
export function presentRoomSummary(room: RoomListRow, viewerId: string, catalog?: LanguageCatalog): TRoomSummary {
  return {
    roomId: room.id,
    roomName: room.name,
    owner: room.ownerId,
    ownerName: room.ownerName,
    isOwner: room.ownerId === viewerId,
    language: languageOf(room, catalog),
    anyoneCanEdit: room.anyoneCanEdit,
    createdAt: room.createdAt.toISOString(),
    updatedAt: room.updatedAt.toISOString(),
  };
}
