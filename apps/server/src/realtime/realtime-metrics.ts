import type { Server } from "socket.io";
import type { Metrics } from "../modules/system/metrics";
import type { CollabServer } from "./collab/collab-server";

/** Sockets open on `/editor` (Socket.IO) and `/collab` (Hocuspocus), and room documents loaded in this process. */
export function observeRealtime(metrics: Metrics, parts: { io: Server; collab: CollabServer }): void {
  const { io, collab } = parts;
  metrics.gauge("coderoom_editor_sockets_open", "Socket.IO connections open in this process", () => io.engine.clientsCount);
  metrics.gauge("coderoom_collab_connections_open", "/collab connections open in this process", () => collab.hocuspocus.getConnectionsCount());
  metrics.gauge("coderoom_rooms_loaded", "Room documents loaded in this process", () => collab.hocuspocus.getDocumentsCount());
}
