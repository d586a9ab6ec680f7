import { inArray, and, gt } from "drizzle-orm";
import { legacyEvents, roomEvents, type TRoomSettings } from "@coderoom/shared/schemas/realtime";
import { sessions } from "../db/schema/users";
import { roomChannel, type EditorSocket } from "./editor/editor-extension";
import { announceCollabPresence, leaveRoom } from "./editor/presence";
import { localSockets } from "./editor/room-members";
import type { RealtimeServices } from "./realtime-services";
import { mayWrite } from "./room-directory";

/** Of these session hashes, the ones that no longer have a live session. */
async function deadSessions(s: RealtimeServices, hashes: Set<string>): Promise<Set<string>> {
  if (hashes.size === 0) return new Set();
  const alive = await s.deps.db.db
    .select({ h: sessions.tokenHash })
    .from(sessions)
    .where(and(inArray(sessions.tokenHash, [...hashes]), gt(sessions.expiresAt, s.deps.now())));
  const live = new Set(alive.map((r) => r.h));
  return new Set([...hashes].filter((h) => !live.has(h)));
}

/** Disconnects sockets and `/collab` connections whose session ended (of one user, or all). */
export async function closeRevokedSessions(s: RealtimeServices, userId?: string): Promise<void> {
  const sockets = [...s.nsp.sockets.values()].filter((k: EditorSocket) => !userId || k.data.user?.id === userId);
  const hashes = new Set(sockets.map((k) => k.data.sessionHash));
  for (const doc of s.collab.hocuspocus.documents.values()) {
    for (const c of doc.getConnections()) {
      const ctx = c.context as { userId?: string; sessionHash?: string };
      if (ctx.sessionHash && (!userId || ctx.userId === userId)) hashes.add(ctx.sessionHash);
    }
  }
  const dead = await deadSessions(s, hashes);
  if (dead.size === 0) return;
  // The original client (no tabId) never reconnects after a server-side disconnect: closing its
  // connection instead lets it reconnect and wait, unidentified, for the next sign-in.
  for (const k of sockets) {
    if (!dead.has(k.data.sessionHash)) continue;
    if (k.data.tabId === undefined) k.conn.close();
    else k.disconnect(true);
  }
  s.collab.closeSessions((h) => dead.has(h));
}

/**
 * Turns domain events (emitted by HTTP handlers) into socket messages, through the
 * cluster so that every process acts on its own sockets and documents.
 */
export function wireRoomEvents(s: RealtimeServices): () => void {
  const { cluster, deps } = s;
  const offs = [
    deps.events.on("room.updated", ({ roomId, fields }) => {
      if (fields.some((f) => f !== "code")) cluster.broadcast("roomChanged", { roomId });
    }),
    deps.events.on("room.deleted", ({ roomId }) => cluster.broadcast("roomDeleted", { roomId })),
    deps.events.on("user.sessionsRevoked", ({ userId }) => cluster.broadcast("sessionsRevoked", { userId })),
    deps.events.on("room.versionSaved", ({ roomId, version }) => s.nsp.to(roomChannel(roomId)).emit(roomEvents.versionSaved, version)),
    deps.events.on("room.versionRestored", ({ roomId, version, by }) =>
      s.nsp.to(roomChannel(roomId)).emit(roomEvents.versionRestored, { version, by }),
    ),
  ];

  cluster.on("roomChanged", ({ roomId }) => {
    const before = s.directory.get(roomId);
    if (!before) return;
    void s.directory
      .refresh(roomId)
      .then((room) => {
        if (!room) return;
        const language = { id: room.languageId, name: room.languageName };
        for (const socket of localSockets(s.nsp, roomId)) {
          const settings: TRoomSettings = { roomName: room.name, anyoneCanEdit: room.anyoneCanEdit, canWrite: mayWrite(socket.data.user.id, room), language };
          socket.emit(roomEvents.settings, settings);
          // The original client's only way to a new language: it reloads the room on this trigger.
          if (socket.data.legacy && before.languageId !== room.languageId) socket.emit(legacyEvents.roomUpdateTrigger);
        }
        s.collab.refreshPermissions(roomId);
      })
      .catch((err: unknown) => s.log(err, "room refresh failed"));
  });

  cluster.on("roomDeleted", ({ roomId }) => {
    for (const socket of localSockets(s.nsp, roomId)) {
      socket.emit(roomEvents.deleted, { roomId });
      socket.leave(roomChannel(roomId));
      socket.data.roomId = undefined;
      s.legacy.detach(socket);
    }
    s.collab.closeRoom(roomId);
    s.directory.forget(roomId);
    s.runtime.forget(roomId);
  });

  cluster.on("kick", ({ roomId, userId }) => {
    for (const socket of localSockets(s.nsp, roomId)) {
      if (socket.data.user.id !== userId) continue;
      socket.emit(legacyEvents.IAMKICKED);
      leaveRoom(s, socket).catch((err: unknown) => s.log(err, "kick failed"));
    }
    s.collab.closeUser(roomId, userId);
  });

  cluster.answer("collabMembers", ({ roomId }) => s.collab.members(roomId));
  s.collab.onPresence((change) => {
    announceCollabPresence(s, change).catch((err: unknown) => s.log(err, "collab presence failed"));
  });

  cluster.on("terminal", ({ roomId, result, relayedBy }) => {
    s.runtime.setTerminal(roomId, result, relayedBy);
    // Legacy clients learn a server run's result only through updateTerminal (a relayed one already reached them).
    if (relayedBy) return;
    for (const socket of localSockets(s.nsp, roomId)) if (socket.data.legacy) socket.emit(legacyEvents.updateTerminal, result);
  });
  cluster.on("sessionsRevoked", ({ userId }) => {
    closeRevokedSessions(s, userId).catch((err: unknown) => s.log(err, "closing revoked sessions failed"));
  });

  return () => offs.forEach((off) => off());
}
