import type { IncomingMessage } from "node:http";
import type { Duplex } from "node:stream";
import { Hocuspocus, type Document, type Extension } from "@hocuspocus/server";
import { Redis as RedisExtension } from "@hocuspocus/extension-redis";
import IORedis from "ioredis";
import { WebSocketServer } from "ws";
import type * as Y from "yjs";
import { collabPath, collabTextName } from "@coderoom/shared/schemas/realtime";
import type { AppDeps } from "../../deps";
import { identify } from "../handshake-auth";
import { mayWrite, type RoomDirectory } from "../room-directory";
import { authExtension, permissionsExtension, tell, type CollabContext } from "./collab-access";
import { createCollabLimits } from "./collab-limits";
import { coalesceWrites } from "./coalesce-writes";
import "./no-echo";
import { createPersistence } from "./persistence-extension";
import { guardWebSocket, guardWebSocketServer, type ClientErrorLog } from "../socket-guards";

/** Largest websocket frame on `/collab`: a 512 KB paste plus Yjs overhead. */
const MAX_FRAME_BYTES = 2 * 1024 * 1024;

export interface CollabServer {
  readonly hocuspocus: Hocuspocus;
  /** Takes the upgrade when it is for `/collab`; returns false to leave it to others. */
  handleUpgrade(req: IncomingMessage, socket: Duplex, head: Buffer, originOk: boolean): boolean;
  /** The room's live text (loading the document if no one has it open). */
  text(roomId: string): Promise<string>;
  /** Runs `fn` on the room's Y.Text in one transaction with this origin (then persisted like any edit). */
  edit(roomId: string, origin: unknown, fn: (text: Y.Text) => void): Promise<void>;
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

function contextOf(document: Document): Array<{ ctx: CollabContext; close(): void; readOnly: boolean; conn: Parameters<typeof tell>[0] & { readOnly: boolean } }> {
  return document.getConnections().map((c) => ({ ctx: c.context as CollabContext, close: () => c.close(), readOnly: c.readOnly, conn: c }));
}

/** Hocuspocus at `/collab` on the app's HTTP server: auth, permissions, persistence (and Redis when configured). */
export function createCollabServer(
  deps: AppDeps,
  directory: RoomDirectory,
  log: (err: unknown, msg: string) => void,
  clientLog: ClientErrorLog,
): CollabServer {
  const persistence = createPersistence(deps, log);
  const limits = createCollabLimits(deps.config);
  const extensions: Extension[] = [authExtension(directory), limits.extension, permissionsExtension(), persistence.extension];
  const redisUrl = deps.config.REDIS_URL;
  if (redisUrl) {
    // enableReadyCheck:false: the subscriber connection otherwise fails its ready check (FACTS.md).
    extensions.push(
      new RedisExtension({ createClient: () => new IORedis(redisUrl, { enableReadyCheck: false, maxRetriesPerRequest: null }) }),
    );
  }
  const hocuspocus = new Hocuspocus({ quiet: true, extensions, unloadImmediately: true, timeout: 30_000 });
  const wss = new WebSocketServer({ noServer: true, maxPayload: MAX_FRAME_BYTES });
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
            coalesceWrites(ws, socket);
            hocuspocus.handleConnection(ws, req, { identity });
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
      hocuspocus.closeConnections();
      for (const client of wss.clients) client.terminate();
      wss.close();
      await persistence.close();
    },
  };
}
