import { loadingMessages } from "@coderoom/shared/messages";
import type { TRoom } from "@coderoom/shared/schemas/rooms";
import { versionPaths, type TRoomVersion, type TRoomVersionWithCode } from "@coderoom/shared/schemas/realtime";
import type { TRunQueueState } from "@coderoom/shared/schemas/run";
import { queryOptions } from "@tanstack/react-query";
import { api } from "../../../lib/http";

/** GET /rooms/run/status: my runs today and my plan's daily allowance (shown beside Run; failures stay quiet). */
export const runAllowanceQuery = () =>
  queryOptions({
    queryKey: ["runs", "allowance"] as const,
    queryFn: async () => (await api<TRunQueueState>("/rooms/run/status", { toastError: false })).data,
  });

/** GET /rooms/join/{id}; failures are not toasted (spec §8: the page just goes to /dashboard). */
export async function fetchRoom(roomId: string): Promise<TRoom> {
  const path = `/rooms/join/${encodeURIComponent(roomId)}`;
  return (await api<TRoom>(path, { loading: loadingMessages.joinRoom, toastError: false, toastSuccess: false })).data;
}

/** Save Code (owner only): the server stores the live text as a named version. */
export async function saveVersion(roomId: string, name?: string): Promise<TRoomVersion> {
  const res = await api<TRoomVersion>(versionPaths.list(roomId), {
    method: "POST",
    body: name ? { name } : {},
    loading: loadingMessages.updateRoom,
    toastSuccess: false,
  });
  return res.data;
}

/** The room's saved versions, newest first (owner only). */
export async function listVersions(roomId: string): Promise<TRoomVersion[]> {
  return (await api<TRoomVersion[]>(versionPaths.list(roomId), { toastError: false })).data;
}

/** One version with its text, for the diff. */
export async function getVersion(roomId: string, versionId: string): Promise<TRoomVersionWithCode> {
  return (await api<TRoomVersionWithCode>(versionPaths.one(roomId, versionId))).data;
}

/** Makes a version's text the live text again; everyone sees it as an edit. */
export async function restoreVersion(roomId: string, versionId: string): Promise<TRoomVersion> {
  return (await api<TRoomVersion>(versionPaths.restore(roomId, versionId), { method: "POST" })).data;
}

export const versionKeys = { list: (roomId: string) => ["rooms", roomId, "versions"] as const };
