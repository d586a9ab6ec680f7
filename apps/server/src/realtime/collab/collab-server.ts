import type { IncomingMessage } from "node:http";
import type { Duplex } from "node:stream";
import { Hocuspocus, type Document, type Extension, type connectedPayload, type onDisconnectPayload } from "@hocuspocus/server";
import { WebSocketServer } from "ws";
import type * as Y from "yjs";
import { collabPath, collabTextName } from "@coderoom/shared/schemas/realtime";
import type { FastifyBaseLogger } from "fastify";
import type { AppDeps } from "../../deps";
import type IORedis from "ioredis";
import { CollabSocket } from "./collab-socket";
import { staleUnloadGuard } from "./stale-unload-guard";
import { createRedisClient } from "../../coordination/redis-client";
import type { SocketUser } from "../editor/editor-extension";
import type { Member } from "../editor/room-members";
import { handshakeAddress, identify } from "../handshake-auth";
import { mayWrite, type RoomDirectory } from "../room-directory";
import { authExtension, permissionsExtension, tell, type CollabContext } from "./collab-access";
import { clientMessagesExtension } from "./client-messages";
import { createCollabLimits } from "./collab-limits";
import { createPersistence } from "./persistence-extension";
import { catchUpAfterRedisOutage } from "./redis-outage-catch-up";
import { redisRelay } from "./redis-relay";
import { unloadAllDocuments } from "./unload-documents";
import { guardWebSocket, guardWebSocketServer, type ClientErrorLog } from "../socket-guards";

/** Largest websocket frame on `/collab`: a 512 KB paste plus Yjs overhead. */
const MAX_FRAME_BYTES = 2 * 1024 * 1024;
/** How long a shutdown waits for clients to answer their close frame. */
const CLOSE_GRACE_MS = 1000;
const SERVICE_RESTART = 1012;
/** How long a shutdown waits for documents to unload (each stores its last state as it goes). */
const UNLOAD_BOUND_MS = 5000;

export interface CollabServer {
  readonly hocuspocus: Hocuspocus;
  /** Takes the upgrade when it is for `/collab`; returns false to leave it to others. */
  handleUpgrade(req: IncomingMessage, socket: Duplex, head: Buffer, originOk: boolean): boolean;
  /** The room's live text (loading the document if no one has it open). */
  text(roomId: string): Promise<string>;
  /** Runs `fn` on the room's Y.Text in one transaction with this origin (then persisted like any edit). */
  edit(roomId: string, origin: unknown, fn: (text: Y.Text) => void): Promise<void>;
  /** This process's `/collab` connections to the room, as presence members (they count in the users list). */
  members(roomId: string): Member[];
  /** Calls `listener` after a connection to a room opened (authenticated) or closed. */
  onPresence(listener: (change: CollabPresenceChange) => void): void;
  /** Re-applies the room's write permission to its live connections (after `anyoneCanEdit` changed). */
  refreshPermissions(roomId: string): void;
  /** Closes this user's connections to the room (kick). */
  closeUser(roomId: string, userId: string): void;
  /** Closes every connection on these session hashes (revoked sessions). */
  closeSessions(isRevoked: (sessionHash: string) => boolean): void;
  /** Closes the room's connections and forgets its buffers (room deleted). */
  closeRoom(roomId: string): void;
  /** Writes everything buffered (tests, shutdown). */
  flush(): Promise<void>;
  close(): Promise<void>;
}

export interface CollabPresenceChange {
  roomId: string;
  /** The connection's id among the room's presence members. */
  memberId: string;
  user: SocketUser;
  opened: boolean;
}

const memberId = (socketId: string) => `collab:${socketId}`;

/** Tells the listeners when an authenticated connection opens or closes. */
function presenceExtension(listeners: Array<(change: CollabPresenceChange) => void>): Extension {
  const announce = (context: unknown, socketId: string, opened: boolean) => {
    const ctx = context as CollabContext;
    if (!ctx.user) return;
    for (const listener of listeners) listener({ roomId: ctx.roomId, memberId: memberId(socketId), user: ctx.user, opened });
  };
  return {
    extensionName: "coderoom-presence",
    async connected({ context, socketId }: connectedPayload) {
      announce(context, socketId, true);
    },
    async onDisconnect({ context, socketId }: onDisconnectPayload) {
      announce(context, socketId, false);
    },
  };
}

function contextOf(document: Document): Array<{ ctx: CollabContext; close(): void; readOnly: boolean; conn: Parameters<typeof tell>[0] & { readOnly: boolean } }> {
  return document.getConnections().map((c) => ({ ctx: c.context as CollabContext, close: () => c.close(), readOnly: c.readOnly, conn: c }));
}

/** Hocuspocus at `/collab` on the app's HTTP server: auth, permissions, persistence (and Redis when configured). */
export function createCollabServer(
  deps: AppDeps,
  directory: RoomDirectory,
  log: (err: unknown, msg: string) => void,
  logger: FastifyBaseLogger,
  clientLog: ClientErrorLog,
): CollabServer {
  const persistence = createPersistence(deps, log);
  const limits = createCollabLimits(deps.config);
  const presenceListeners: Array<(change: CollabPresenceChange) => void> = [];
  const extensions: Extension[] = [
    staleUnloadGuard(),
    authExtension(deps, directory),
    limits.extension,
    clientMessagesExtension(),
    permissionsExtension(),
    presenceExtension(presenceListeners),
    persistence.extension,
  ];
  const redisUrl = deps.config.REDIS_URL;
  const redisClients: IORedis[] = [];
  if (redisUrl) {
    const pub = createRedisClient(redisUrl, "hocuspocus", logger).client;
    const sub = createRedisClient(redisUrl, "hocuspocus", logger).client;
    redisClients.push(pub, sub);
    extensions.push(redisRelay({ pub, sub, prefix: `${deps.config.REDIS_PREFIX}:hocuspocus`, log }));
  }
  const hocuspocus = new Hocuspocus({ quiet: true, extensions, unloadImmediately: true, timeout: 30_000 });
  const catchUp = catchUpAfterRedisOutage(redisClients, hocuspocus, deps.db.db, log);
  const wss = new WebSocketServer({ noServer: true, maxPayload: MAX_FRAME_BYTES, WebSocket: CollabSocket });
  guardWebSocketServer(wss, clientLog);

  const withDirect = async <T>(roomId: string, fn: (doc: Document) => T): Promise<T> => {
    const direct = await hocuspocus.openDirectConnection(roomId, { roomId });
    try {
      let out: T | undefined;
      await direct.transact((doc) => {
        out = fn(doc);
      });
      return out as T;
    } finally {
      await direct.disconnect();
    }
  };

  return {
    hocuspocus,
    handleUpgrade(req, socket, head, originOk) {
      const pathname = new URL(req.url ?? "/", "http://x").pathname;
      if (pathname !== collabPath && !pathname.startsWith(`${collabPath}/`)) return false;
      const refuse = (status: string) => {
        socket.end(`HTTP/1.1 ${status}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`);
      };
      if (!originOk) {
        refuse("403 Forbidden");
        return true;
      }
      identify(deps, req.headers)
        .then((identity) => {
          if (!identity) return refuse("401 Unauthorized");
          wss.handleUpgrade(req, socket, head, (ws) => {
            guardWebSocket(ws, clientLog);
            limits.watch(ws, identity.user.id);
            ws.writesTo(socket);
            const ip = handshakeAddress(deps, req);
            hocuspocus.handleConnection(ws, req, { identity, ip });
          });
        })
        .catch((err: unknown) => {
          log(err, "collab upgrade failed");
          refuse("500 Internal Server Error");
        });
      return true;
    },
    async text(roomId) {
      const loaded = hocuspocus.documents.get(roomId);
      if (loaded) return loaded.getText(collabTextName).toString();
      return withDirect(roomId, (doc) => doc.getText(collabTextName).toString());
    },
    async edit(roomId, origin, fn) {
      await withDirect(roomId, (doc) => doc.transact(() => fn(doc.getText(collabTextName)), origin));
    },
    members(roomId) {
      const doc = hocuspocus.documents.get(roomId);
      if (!doc) return [];
      return doc.getConnections().map((c) => {
        const ctx = c.context as CollabContext;
        return { id: memberId(c.socketId), data: { user: ctx.user, sessionHash: ctx.sessionHash, roomId } };
      });
    },
    onPresence(listener) {
      presenceListeners.push(listener);
    },
    refreshPermissions(roomId) {
      const doc = hocuspocus.documents.get(roomId);
      if (!doc) return;
      const room = directory.get(roomId);
      for (const { ctx, conn } of contextOf(doc)) {
        const readOnly = !mayWrite(ctx.userId, room);
        if (readOnly === conn.readOnly) continue;
        conn.readOnly = readOnly;
        tell(conn, { type: "permissions", canWrite: !readOnly });
      }
    },
    closeUser(roomId, userId) {
      const doc = hocuspocus.documents.get(roomId);
      if (!doc) return;
      for (const c of contextOf(doc)) if (c.ctx.userId === userId) c.close();
    },
    closeSessions(isRevoked) {
      for (const doc of hocuspocus.documents.values()) {
        for (const c of contextOf(doc)) if (isRevoked(c.ctx.sessionHash)) c.close();
      }
    },
    closeRoom(roomId) {
      persistence.forget(roomId);
      hocuspocus.closeConnections(roomId);
    },
    flush: () => persistence.flush(),
    async close() {
      catchUp.stop();
      hocuspocus.closeConnections();
      // 1012 Service Restart: the provider reconnects (to another process behind a balancer);
      // a client that does not answer its close frame in a moment is cut.
      const closed = [...wss.clients].map((client) => new Promise((resolve) => client.once("close", resolve)));
      for (const client of wss.clients) client.close(SERVICE_RESTART, "server restarting");
      await Promise.race([Promise.all(closed), new Promise((resolve) => setTimeout(resolve, CLOSE_GRACE_MS))]);
      for (const client of wss.clients) client.terminate();
      wss.close();
      // Unloaded, a document has stored its last state (its unload hooks write through the
      // persistence) and no longer hears or answers the other processes through Redis.
      const stillLoaded = await unloadAllDocuments(hocuspocus, UNLOAD_BOUND_MS);
      if (stillLoaded > 0) logger.warn({ documents: stillLoaded, boundMs: UNLOAD_BOUND_MS }, "documents still loaded when the collab server closed");
      await persistence.close();
      // The Redis relay closes its clients.
      await hocuspocus.hooks("onDestroy", { instance: hocuspocus });
    },
  };
}
