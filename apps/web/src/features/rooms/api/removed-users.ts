import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { removedUserPaths, type TRemovedUser } from "@coderoom/shared/schemas/rooms";
import { api } from "../../../lib/http";

export const removedUserKeys = { list: (roomId: string) => ["rooms", "removed-users", roomId] as const };

/** GET /rooms/{id}/removed-users (owner only): the users kicked from the room, most recent first. */
export async function listRemovedUsers(roomId: string): Promise<TRemovedUser[]> {
  return (await api<TRemovedUser[]>(removedUserPaths.list(roomId), { toastError: false })).data;
}

/** DELETE /rooms/{id}/removed-users/{userId}: the owner lets a removed user join again. */
export async function letBackIn({ roomId, userId }: { roomId: string; userId: string }): Promise<void> {
  await api<null>(removedUserPaths.one(roomId, userId), { method: "DELETE", toastSuccess: true });
}

export const removedUsersQueryOptions = (roomId: string) =>
  queryOptions({ queryKey: removedUserKeys.list(roomId), queryFn: () => listRemovedUsers(roomId) });

export const useRemovedUsers = (roomId: string) => useQuery(removedUsersQueryOptions(roomId));

/** Lets a user back in; the list drops them once the server agrees. */
export function useLetBackIn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: letBackIn,
    onSuccess: (_r, { roomId }) => queryClient.invalidateQueries({ queryKey: removedUserKeys.list(roomId) }),
  });
}
