import type { IncomingMessage } from "node:http";
import type { Duplex } from "node:stream";
import { createAdapter } from "@socket.io/redis-streams-adapter";
import { Server } from "socket.io";
import type { AppDeps } from "../deps";
import type { App } from "../http/types";
import { createCluster } from "./cluster";
import { createCollabServer, type CollabServer } from "./collab/collab-server";
import { createEditorNamespace, editorContext, installExtensions } from "./editor/editor-namespace";
import { createLegacyBridge } from "./editor/legacy-bridge";
import { mergeFullText } from "./editor/legacy-merge";
import { allowedOrigins } from "../http/origin-check";
import { createHandshakeOriginCheck } from "./handshake-auth";
import { guardUpgradeSocket, refuseUpgrade } from "./socket-guards";
import type { RealtimeServices } from "./realtime-services";
import { RoomDirectory } from "./room-directory";
import { closeRevokedSessions, wireRoomEvents } from "./room-events";
import { createRoomRuns } from "./room-runs";
import { createMemoryRuntimeStore } from "./room-runtime";
import { createRedisClient, pingRedis, type RedisConnection } from "../coordination/redis-client";
import { observeRealtime } from "./realtime-metrics";
import { turnCorkedWrites } from "./editor/turn-corked-writes";

/** Sessions ended without an event (logout, expiry, guest clean-up) close their sockets within this. */
const SESSION_SWEEP_MS = 30_000;

export interface Realtime {
  io: Server;
  collab: CollabServer;
  services: RealtimeServices;
  close(): Promise<void>;
}

/**
 * Attaches the realtime layer to the app's HTTP server: Socket.IO `/editor` and
 * Hocuspocus `/collab` on the same port, both authenticated by the session cookie
 * and origin-checked. With REDIS_URL, Socket.IO uses the Redis streams adapter and
 * Hocuspocus a Redis relay (collab/redis-relay.ts), so rooms can span processes.
 */
export function attachRealtime(app: App, deps: AppDeps): Realtime {
  const log = (err: unknown, msg: string) => app.log.error({ err }, msg);
  const clientLog = (err: unknown, msg: string) => app.log.warn({ err }, msg);
  const originOk = createHandshakeOriginCheck(deps);
  let redis: RedisConnection | undefined;
  const corked = turnCorkedWrites();
  const io = new Server(app.server, {
    cors: { origin: [...allowedOrigins(deps.config)], credentials: true },
    // Room for a 512 KB codeChange in UTF-16-escaped JSON, so an oversize one gets a clear refusal.
    maxHttpBufferSize: 2e6,
    // Other upgrade listeners (Hocuspocus at /collab) share this server.
    destroyUpgrade: false,
    allowRequest: (req, callback) => callback(null, originOk(req.headers)),
    wsEngine: corked.wsEngine,
  });
  corked.attach(io);
  if (deps.config.REDIS_URL) {
    const prefix = deps.config.REDIS_PREFIX;
    redis = createRedisClient(deps.config.REDIS_URL, "socket.io", app.log);
    const { client } = redis;
    io.adapter(
      createAdapter(client, { streamName: `${prefix}:socket.io`, channelPrefix: `${prefix}:socket.io`, sessionKeyPrefix: `${prefix}:sio:session:` }),
    );
    app.readiness.push({ name: "redis", check: () => pingRedis(client) });
  }
  const nsp = createEditorNamespace(io, deps);
  const directory = new RoomDirectory(deps.db.db);
  const runtime = createMemoryRuntimeStore();
  const runs = createRoomRuns(deps.coordination, (err) => log(err, "room run state failed"));
  const cluster = createCluster(nsp, { distributed: redis !== undefined, onError: (err) => log(err, "cluster event failed") });
  const collab = createCollabServer(deps, directory, log, app.log, clientLog);
  const legacy = createLegacyBridge(collab.hocuspocus, log, deps.config.COLLAB_MAX_DOC_CHARS);
  const partial = { deps, nsp, directory, runtime, runs, cluster, collab, legacy, log, metrics: app.metrics };
  const services: RealtimeServices = { ...partial, ctx: editorContext(deps, nsp, partial) };
  installExtensions(services);
  const unwire = wireRoomEvents(services);
  observeRealtime(app.metrics, { io, collab });

  const onUpgrade = (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    guardUpgradeSocket(socket, clientLog);
    if (collab.handleUpgrade(req, socket, head, originOk(req.headers))) return;
    // Socket.IO's own listener takes its path; any other upgrade is answered here.
    const pathname = new URL(req.url ?? "/", "http://x").pathname;
    if (!pathname.startsWith(`${io.path()}/`)) refuseUpgrade(socket, pathname);
  };
  app.server.on("upgrade", onUpgrade);

  const unprovide = deps.liveCode.provide({
    read: async (roomId, { load }) => {
      if (!load && !collab.hocuspocus.documents.has(roomId)) return null;
      return collab.text(roomId);
    },
    replace: (roomId, code) =>
      collab.edit(roomId, "rest", (text) => {
        const current = text.toString();
        for (const op of mergeFullText(current, code, current)) {
          if (op.kind === "delete") text.delete(op.at, op.length);
          else text.insert(op.at, op.text);
        }
      }),
  });

  const sweep = setInterval(() => {
    closeRevokedSessions(services).catch((err: unknown) => log(err, "session sweep failed"));
  }, SESSION_SWEEP_MS);
  sweep.unref();

  return {
    io,
    collab,
    services,
    async close() {
      clearInterval(sweep);
      unwire();
      unprovide();
      app.server.off("upgrade", onUpgrade);
      await legacy.close();
      // Dropped at the transport, not disconnected by the server: clients reconnect (to
      // another process behind a balancer) with their session, and rejoin their room.
      // Not io.close(): that would also close the HTTP server, which the app owns.
      io.engine.close();
      // /collab connections are reset (providers reconnect) and every pending update is stored.
      await collab.close();
      // Redis last: the adapters of every namespace stop their polling and heartbeats first.
      await Promise.all([io.of("/").adapter, nsp.adapter].map((adapter) => Promise.resolve(adapter.close())));
      if (redis) await redis.close();
    },
  };
}
