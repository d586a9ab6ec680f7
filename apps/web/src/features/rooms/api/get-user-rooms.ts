import { queryOptions, useQuery } from "@tanstack/react-query";
import { loadingMessages } from "@coderoom/shared/messages";
import type { TRoomSummary } from "@coderoom/shared/schemas/rooms";
import { api } from "../../../lib/http";
import { roomKeys } from "./room-keys";

/**
 * GET /users/rooms: the rooms the user owns or joined. The first load shows the spec's
 * "Getting rooms..." toast and the server's message; a `quiet` background refresh
 * (after a change, or on coming back to a list already shown) toasts only failures.
 */
export async function getUserRooms({ quiet = false } = {}): Promise<TRoomSummary[]> {
  const res = await api<{ rooms: TRoomSummary[] }>("/users/rooms", { loading: quiet ? undefined : loadingMessages.getRooms });
  return res.data.rooms;
}

export const userRoomsQueryOptions = () =>
  queryOptions({
    queryKey: roomKeys.userRooms,
    // A list already in the cache means this fetch only refreshes what is on screen.
    queryFn: ({ client }) => getUserRooms({ quiet: client.getQueryData(roomKeys.userRooms) !== undefined }),
  });

export const useUserRooms = () => useQuery(userRoomsQueryOptions());
