import { useMutation, useQueryClient } from "@tanstack/react-query";
import { loadingMessages } from "@coderoom/shared/messages";
import type { TDeleteRoomResult, TRoom, TRoomSummary, TUpdateRoomBody, TUpdateRoomResult } from "@coderoom/shared/schemas/rooms";
import { api } from "../../../lib/http";
import { roomKeys } from "./room-keys";

export interface TCreateRoomInput {
  roomName: string;
  languageId: number;
  languageName: string;
}

/** POST /rooms/create; resolves to the new room's ID. */
export async function createRoom(body: TCreateRoomInput): Promise<string> {
  const res = await api<{ roomId: string }>("/rooms/create", { method: "POST", body, loading: loadingMessages.createRoom });
  return res.data.roomId;
}

/** GET /rooms/join/{id}: the room, now also in the user's list. */
export async function joinRoom(roomId: string): Promise<TRoom> {
  return (await api<TRoom>(`/rooms/join/${encodeURIComponent(roomId)}`, { loading: loadingMessages.joinRoom })).data;
}

/** PUT /rooms/update/{id} with only the fields that should change. */
export async function updateRoom(roomId: string, body: TUpdateRoomBody): Promise<TUpdateRoomResult> {
  const path = `/rooms/update/${encodeURIComponent(roomId)}`;
  return (await api<TUpdateRoomResult>(path, { method: "PUT", body, loading: loadingMessages.updateRoom })).data;
}

/** DELETE /rooms/delete/{id}: the owner deletes it for everyone, anyone else drops it from their list. */
export async function deleteRoom(roomId: string): Promise<TDeleteRoomResult> {
  const path = `/rooms/delete/${encodeURIComponent(roomId)}`;
  return (await api<TDeleteRoomResult>(path, { method: "DELETE", loading: loadingMessages.deleteRoom })).data;
}

/** A mutation that reloads the dashboard list once it succeeds (without holding up the caller). */
function useListMutation<TInput, TResult>(fn: (input: TInput) => Promise<TResult>, onDone?: (result: TResult) => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: (result) => {
      onDone?.(result);
      void queryClient.invalidateQueries({ queryKey: roomKeys.userRooms });
    },
  });
}

export const useCreateRoom = () => useListMutation(createRoom);
export const useJoinRoom = () => useListMutation(joinRoom);
export const useUpdateRoom = () =>
  useListMutation(({ roomId, body }: { roomId: string; body: TUpdateRoomBody }) => updateRoom(roomId, body));

/** Deletes (or leaves) a room; it disappears from the list at once, then the list reloads. */
export function useDeleteRoom() {
  const queryClient = useQueryClient();
  return useListMutation(deleteRoom, ({ roomId }) =>
    queryClient.setQueryData<TRoomSummary[]>(roomKeys.userRooms, (rooms) => rooms?.filter((r) => r.roomId !== roomId)),
  );
}
