import type { Server } from "node:http";
import type { Socket } from "node:net";
import type { FastifyHttpOptions } from "fastify";
import type { TErrorCode } from "@coderoom/shared/error-codes";
import type { Config } from "../config";

/**
 * Fastify/Node options that bound how long a client may take (Node's HTTP server
 * guide and Fastify's "recommendations" page: set requestTimeout when nothing in
 * front of the server does it). Node checks the header and request deadlines every
 * `connectionsCheckingInterval`, so that interval follows the shortest deadline.
 * Upgraded connections (Socket.IO, Hocuspocus) leave Node's HTTP bookkeeping and are
 * not subject to these deadlines.
 */
export function serverTimeouts(
  config: Config,
): Pick<FastifyHttpOptions<Server>, "connectionTimeout" | "keepAliveTimeout" | "requestTimeout" | "http"> {
  const shortest = Math.min(config.HTTP_HEADERS_TIMEOUT_MS, config.HTTP_REQUEST_TIMEOUT_MS);
  return {
    connectionTimeout: config.HTTP_IDLE_TIMEOUT_MS,
    keepAliveTimeout: config.HTTP_KEEP_ALIVE_TIMEOUT_MS,
    requestTimeout: config.HTTP_REQUEST_TIMEOUT_MS,
    http: {
      headersTimeout: config.HTTP_HEADERS_TIMEOUT_MS,
      connectionsCheckingInterval: Math.min(5000, Math.max(50, Math.floor(shortest / 4))),
    },
  };
}

/** A complete HTTP/1.1 failure answer in our envelope, for code that writes to the raw socket. */
export function rawFailure(status: number, reason: string, code: TErrorCode, message: string): string {
  const body = JSON.stringify({ success: false, message, code });
  return [
    `HTTP/1.1 ${status} ${reason}`,
    "Content-Type: application/json; charset=utf-8",
    `Content-Length: ${Buffer.byteLength(body)}`,
    "Connection: close",
    "",
    body,
  ].join("\r\n");
}

/**
 * Caps the open connections (HTTP and upgraded WebSockets together) per remote
 * address, so one client cannot use up the file descriptors. Over the cap, the
 * connection gets a 429 envelope and is closed. Behind a reverse proxy every
 * connection comes from the proxy: list it in CONNECTION_LIMIT_EXEMPT_IPS and cap at the proxy.
 */
export function capConnectionsPerIp(server: Server, config: Config): void {
  const max = config.MAX_CONNECTIONS_PER_IP;
  if (max <= 0) return;
  const exempt = new Set(config.CONNECTION_LIMIT_EXEMPT_IPS);
  const open = new Map<string, number>();
  server.on("connection", (socket: Socket) => {
    const ip = socket.remoteAddress;
    if (!ip || exempt.has(ip)) return;
    const count = (open.get(ip) ?? 0) + 1;
    if (count > max) {
      socket.end(rawFailure(429, "Too Many Requests", "too_many_connections", "Too many open connections from your address"));
      socket.destroySoon();
      return;
    }
    open.set(ip, count);
    socket.once("close", () => {
      const left = (open.get(ip) ?? 1) - 1;
      if (left > 0) open.set(ip, left);
      else open.delete(ip);
    });
  });
}
