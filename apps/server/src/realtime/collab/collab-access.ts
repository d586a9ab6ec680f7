import type { Extension, beforeSyncPayload, connectedPayload, onAuthenticatePayload } from "@hocuspocus/server";
import * as Y from "yjs";
import { realtimeMessages, roomMessages, toastMessages } from "@coderoom/shared/messages";
import type { TErrorCode } from "@coderoom/shared/error-codes";
import type { TCollabRefusal, TCollabStateless } from "@coderoom/shared/schemas/realtime";
import type { AppDeps } from "../../deps";
import { AppError } from "../../http/errors";
import { assertNotBanned } from "../../modules/rooms/room-bans";
import { assertRoomMember } from "../../modules/rooms/room-guessing";
import type { SocketUser } from "../editor/editor-extension";
import { socketUser, type HandshakeIdentity } from "../handshake-auth";
import { mayWrite, normaliseRoomId, type RoomDirectory } from "../room-directory";

/** What a `/collab` connection carries: identity and address from the upgrade request. */
export interface CollabContext {
  identity?: HandshakeIdentity;
  /** The client's address (for the room-ID guessing budget). */
  ip?: string;
  userId: string;
  sessionHash: string;
  roomId: string;
  /** The user as the room sees them (presence list, awareness `user`). */
  user: SocketUser;
}

const TELL_EVERY_MS = 2000;
const SYNC_STEP2 = 1;
const SYNC_UPDATE = 2;

/** Sends a stateless notice on one connection. */
export function tell(connection: { sendStateless(payload: string): void }, message: TCollabStateless): void {
  connection.sendStateless(JSON.stringify(message));
}

/** A refused authentication: the provider's `onAuthenticationFailed` gets `{ code, message }` as JSON. */
function refusal(code: TErrorCode, message: string): Error {
  const reason: TCollabRefusal = { code, message };
  return Object.assign(new Error(code), { reason: JSON.stringify(reason) });
}

/**
 * Only the room's owner and members (joined by REST or `/editor`) open its document,
 * under the same guessing budget as the other ways in (room-guessing.ts).
 */
async function admitMember(deps: AppDeps, ctx: CollabContext, userId: string, roomId: string): Promise<void> {
  try {
    // A removed user hears why, before the membership the kick took away is looked at.
    await assertNotBanned(deps.db.db, roomId, userId);
    await assertRoomMember({ db: deps.db.db, userId, ip: ctx.ip ?? "unknown", roomId, now: deps.now() });
  } catch (err) {
    if (err instanceof AppError && err.statusCode < 500) throw refusal(err.code, err.message);
    throw err;
  }
}

/**
 * Authentication: the upgrade already resolved the session (no session, no socket);
 * here the document must be a room the user is a member of, and the connection is
 * read-only unless its user may write.
 */
export function authExtension(deps: AppDeps, directory: RoomDirectory): Extension {
  return {
    extensionName: "coderoom-auth",
    async onAuthenticate({ context, documentName, connectionConfig }: onAuthenticatePayload) {
      const ctx = context as CollabContext;
      const identity = ctx.identity;
      if (!identity) throw refusal("session_required", toastMessages.loginRequired);
      const roomId = normaliseRoomId(documentName);
      if (!roomId || roomId !== documentName) throw refusal("room_not_found", roomMessages.notFound);
      await admitMember(deps, ctx, identity.user.id, roomId);
      const room = await directory.load(roomId);
      if (!room) throw refusal("room_not_found", roomMessages.notFound);
      ctx.userId = identity.user.id;
      ctx.sessionHash = identity.sessionHash;
      ctx.roomId = roomId;
      ctx.user = socketUser(deps, identity.user);
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
