import type { IncomingMessage } from "node:http";
import type { Duplex } from "node:stream";
import type { Server } from "socket.io";
import { WebSocketServer, type WebSocket } from "ws";
import { corkUntilTurnEnds } from "../cork-until-turn-ends";

/** What this reads of an Engine.IO connection (Socket.IO's `socket.conn`). */
interface EngineConnection {
  /** The transport's `sid` is the connection id (set on the first transport, when it opens). */
  transport: { name: string; sid: string };
  request: IncomingMessage;
  on(event: "flush", fn: () => void): void;
}

/**
 * What Socket.IO sends one connection in one event-loop turn leaves in one write.
 *
 * Its websocket transport writes every packet as a frame of its own, each a syscall (a
 * broadcast's pre-encoded frame goes straight to ws's sender, past `WebSocket.send`). A burst
 * of broadcasts (a room's questions, first answers, run output) cost one per packet per member.
 * Public parts of Socket.IO make them one per connection per turn:
 * - `wsEngine`, the ws server it upgrades connections with: this one remembers the socket each
 *   upgrade of an existing connection (polling first, as browsers connect) came on, by the
 *   connection id in its URL;
 * - the `flush` event of an Engine.IO connection, emitted just before its buffered packets go
 *   to the transport: a websocket connection's socket is corked until the turn ends.
 * Packets that come after a flush in the same turn wait, as before, for that write to finish.
 */
export function turnCorkedWrites() {
  /** Each connection's id, as it was when it opened. */
  const ids = new WeakMap<EngineConnection, string>();
  /** Connection id → the socket its websocket upgrade came on. */
  const upgraded = new Map<string, Duplex>();

  class TurnCorkedEngine extends WebSocketServer {
    override handleUpgrade(req: IncomingMessage, socket: Duplex, head: Buffer, done: (ws: WebSocket, req: IncomingMessage) => void): void {
      const sid = new URL(req.url ?? "/", "http://x").searchParams.get("sid");
      super.handleUpgrade(req, socket, head, (ws, request) => {
        if (sid) {
          upgraded.set(sid, socket);
          socket.once("close", () => upgraded.get(sid) === socket && upgraded.delete(sid));
        }
        done(ws, request);
      });
    }
  }

  /** The socket a connection's websocket writes to; none while it polls. */
  const socketOf = (conn: EngineConnection): Duplex | undefined => {
    if (conn.transport.name !== "websocket") return undefined;
    const id = ids.get(conn);
    // A connection that started as a websocket writes to its first request's socket.
    return (id !== undefined ? upgraded.get(id) : undefined) ?? conn.request.socket;
  };

  return {
    /** Socket.IO's `wsEngine` option. */
    wsEngine: TurnCorkedEngine,
    socketOf,
    /** Corks each websocket connection of `io` for the rest of the turn when it flushes. */
    attach(io: Server): void {
      io.engine.on("connection", (conn: EngineConnection) => {
        ids.set(conn, conn.transport.sid);
        conn.on("flush", () => {
          const socket = socketOf(conn);
          if (socket) corkUntilTurnEnds(socket);
        });
      });
    },
  };
}
