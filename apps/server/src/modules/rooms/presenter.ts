import type { TRoom, TRoomSummary } from "@coderoom/shared/schemas/rooms";
import type { RoomListRow } from "./list-user-rooms";
import type { RoomRow } from "./room-store";

/** The room of spec §3 as `GET /rooms/join/{id}` answers it. */
export function presentRoom(room: RoomRow): TRoom {
  return {
    roomId: room.id,
    roomName: room.name,
    language: { id: room.languageId, name: room.languageName },
    owner: room.ownerId,
    code: room.code,
    anyoneCanEdit: room.anyoneCanEdit,
    createdAt: room.createdAt.toISOString(),
    updatedAt: room.updatedAt.toISOString(),
  };
}

/** A dashboard list item; `isOwner` is relative to the user asking. */
export function presentRoomSummary(room: RoomListRow, viewerId: string): TRoomSummary {
  return {
    roomId: room.id,
    roomName: room.name,
    owner: room.ownerId,
    ownerName: room.ownerName,
    isOwner: room.ownerId === viewerId,
    language: { id: room.languageId, name: room.languageName },
    anyoneCanEdit: room.anyoneCanEdit,
    createdAt: room.createdAt.toISOString(),
    updatedAt: room.updatedAt.toISOString(),
  };
}
