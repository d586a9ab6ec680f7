import type { Duplex } from "node:stream";
import type { WebSocket, WebSocketServer } from "ws";
import { rawFailure } from "../http/server-limits";

/** Logs an error a client caused; nothing a client sends may throw out of an event emitter. */
export type ClientErrorLog = (err: unknown, msg: string) => void;

/**
 * A raw upgrade socket: Node removes its own error listener before emitting `upgrade`,
 * so a reset while the session is being checked would otherwise crash the process.
 */
export function guardUpgradeSocket(socket: Duplex, log: ClientErrorLog): void {
  socket.on("error", (err) => log(err, "upgrade socket error"));
}

/** Answers an upgrade that no channel serves (it would otherwise stay open forever). */
export function refuseUpgrade(socket: Duplex, pathname: string): void {
  socket.once("finish", () => socket.destroy());
  socket.end(rawFailure(404, "Not Found", "route_not_found", `No route for GET ${pathname}`));
}

/**
 * A `noServer` WebSocketServer: a malformed handshake is answered 400 in our envelope
 * (`wsClientError`); `error` only fires for an attached server, handled for safety.
 */
export function guardWebSocketServer(wss: WebSocketServer, log: ClientErrorLog): void {
  wss.on("error", (err) => log(err, "websocket server error"));
  wss.on("wsClientError", (err, socket) => {
    log(err, "websocket handshake refused");
    if (!socket.writable) return void socket.destroy();
    socket.once("finish", () => socket.destroy());
    socket.end(rawFailure(400, "Bad Request", "malformed_request", "The websocket handshake is malformed"));
  });
}

/**
 * One accepted websocket: `ws` closes it on a protocol violation (RSV bits, unmasked or
 * oversized frame) and then emits `error`, which must have a listener.
 */
export function guardWebSocket(ws: WebSocket, log: ClientErrorLog): void {
  ws.on("error", (err) => log(err, "websocket protocol error"));
}
