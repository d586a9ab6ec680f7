import { createHash } from "node:crypto";
import type { TRoomUser } from "@coderoom/shared/schemas/realtime";
import { roomChannel, type EditorNamespace, type EditorSocket, type EditorSocketData } from "./editor-extension";

const PALETTE = ["#f97316", "#22c55e", "#3b82f6", "#eab308", "#ec4899", "#14b8a6", "#a855f7", "#ef4444", "#84cc16", "#06b6d4"];

/** A stable colour per user (cursor labels and avatars agree across tabs and reloads). */
export function userColor(userId: string): string {
  const n = createHash("sha256").update(userId).digest().readUInt32BE(0);
  return PALETTE[n % PALETTE.length]!;
}

/** An opaque per-connection id for the users list (the original leaked real socket ids). */
export function publicSocketId(socketId: string): string {
  return createHash("sha256").update(socketId).digest("hex").slice(0, 12);
}

export interface Member {
  id: string;
  data: EditorSocketData;
}

/** Every socket in the room, on every process (the adapter answers for remote ones). */
export async function roomSockets(nsp: EditorNamespace, roomId: string): Promise<Member[]> {
  const sockets = await nsp.in(roomChannel(roomId)).fetchSockets();
  return sockets.filter((s) => s.data.roomId === roomId).map((s) => ({ id: s.id, data: s.data }));
}

/** The users list of the legacy events: one entry per user (typing if any of their tabs types). */
export function usersOf(members: Member[]): TRoomUser[] {
  const byUser = new Map<string, TRoomUser>();
  for (const { id, data } of members) {
    const seen = byUser.get(data.user.id);
    if (seen) {
      seen.isTyping ||= data.typing === true;
      continue;
    }
    byUser.set(data.user.id, {
      id: data.user.id,
      name: data.user.name,
      ...(data.user.avatar ? { avatar: data.user.avatar } : {}),
      isTyping: data.typing === true,
      socketId: publicSocketId(id),
      color: userColor(data.user.id),
    });
  }
  return [...byUser.values()];
}

/** This process's sockets in the room. */
export function localSockets(nsp: EditorNamespace, roomId: string): EditorSocket[] {
  return [...nsp.sockets.values()].filter((s) => s.data.roomId === roomId);
}
