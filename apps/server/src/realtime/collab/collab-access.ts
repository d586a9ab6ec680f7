import type { Extension, beforeHandleMessagePayload, beforeSyncPayload, connectedPayload, onAuthenticatePayload } from "@hocuspocus/server";
import { limits } from "@coderoom/shared/constants/limits";
import * as Y from "yjs";
import { realtimeMessages, roomMessages } from "@coderoom/shared/messages";
import type { TCollabStateless } from "@coderoom/shared/schemas/realtime";
import { assertNotBanned } from "../../modules/rooms/room-bans";
import type { HandshakeIdentity } from "../handshake-auth";
import { mayWrite, normaliseRoomId, type RoomDirectory } from "../room-directory";

/** What a `/collab` connection carries: identity from the upgrade request's session cookie. */
export interface CollabContext {
  identity?: HandshakeIdentity;
  userId: string;
  sessionHash: string;
  roomId: string;
}

const TELL_EVERY_MS = 2000;
const SYNC_STEP2 = 1;
const SYNC_UPDATE = 2;

/** Sends a stateless notice on one connection. */
export function tell(connection: { sendStateless(payload: string): void }, message: TCollabStateless): void {
  connection.sendStateless(JSON.stringify(message));
}

/**
 * Authentication: the upgrade already resolved the session (no session, no socket);
 * here the document must be an existing room, and the connection is read-only
 * unless its user may write.
 */
export function authExtension(directory: RoomDirectory): Extension {
  return {
    extensionName: "coderoom-auth",
    async onAuthenticate({ context, documentName, connectionConfig }: onAuthenticatePayload) {
      const ctx = context as CollabContext;
      const identity = ctx.identity;
      if (!identity) throw new Error("session_required");
      const roomId = normaliseRoomId(documentName);
      if (!roomId || roomId !== documentName) throw new Error("room_not_found");
      const room = await directory.load(roomId);
      if (!room) throw new Error("room_not_found");
      await assertNotBanned(directory.db, roomId, identity.user.id);
      ctx.userId = identity.user.id;
      ctx.sessionHash = identity.sessionHash;
      ctx.roomId = roomId;
      connectionConfig.readOnly = !mayWrite(identity.user.id, room);
    },
  };
}

/**
 * Permissions: each connection hears its write access when it connects, and a
 * read-only connection that tries to write is told (at most every 2 s); Hocuspocus
 * itself drops the update.
 */
export function permissionsExtension(): Extension {
  const toldAt = new WeakMap<object, number>();
  return {
    extensionName: "coderoom-permissions",
    async connected({ connection }: connectedPayload) {
      tell(connection, { type: "permissions", canWrite: !connection.readOnly });
    },
    async beforeSync({ connection, type, payload, document }: beforeSyncPayload) {
      if (!connection.readOnly || (type !== SYNC_UPDATE && type !== SYNC_STEP2)) return;
      if (type === SYNC_STEP2 && Y.snapshotContainsUpdate(Y.snapshot(document), payload)) return;
      const now = Date.now();
      if (now - (toldAt.get(connection) ?? 0) < TELL_EVERY_MS) return;
      toldAt.set(connection, now);
      tell(connection, { type: "readOnly", code: "room_read_only", message: realtimeMessages.readOnly });
    },
  };
}

/** One message may carry at most the API's code cap (plus Yjs framing): a bigger paste is refused. */
const MAX_MESSAGE_BYTES = limits.codeMaxBytes + 16 * 1024;

/**
 * Limits: a message over the cap is not applied; the connection is told, then closed
 * (Hocuspocus closes a connection whose message hook throws).
 */
export function limitsExtension(): Extension {
  return {
    extensionName: "coderoom-limits",
    async beforeHandleMessage({ update, connection }: beforeHandleMessagePayload) {
      if (update.byteLength <= MAX_MESSAGE_BYTES) return;
      tell(connection, { type: "readOnly", code: "payload_too_large", message: roomMessages.codeTooLarge });
      throw Object.assign(new Error("payload_too_large"), { code: 1009, reason: "payload_too_large" });
    },
  };
}
