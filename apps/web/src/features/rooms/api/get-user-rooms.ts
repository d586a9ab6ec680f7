import { queryOptions, useQuery } from "@tanstack/react-query";
import { loadingMessages } from "@coderoom/shared/messages";
import type { TRoomSummary } from "@coderoom/shared/schemas/rooms";
import { api } from "../../../lib/http";
import { roomKeys } from "./room-keys";

/** GET /users/rooms with the spec's "Getting rooms..." toast: the rooms the user owns or joined. */
export async function getUserRooms(): Promise<TRoomSummary[]> {
  return (await api<{ rooms: TRoomSummary[] }>("/users/rooms", { loading: loadingMessages.getRooms })).data.rooms;
}

export const userRoomsQueryOptions = () => queryOptions({ queryKey: roomKeys.userRooms, queryFn: getUserRooms });

export const useUserRooms = () => useQuery(userRoomsQueryOptions());
