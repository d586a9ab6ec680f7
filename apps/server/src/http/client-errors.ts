import type { Socket } from "node:net";
import type { FastifyReply, FastifyRequest } from "fastify";
import { badRequest } from "./errors";
import { rawFailure } from "./server-limits";

/**
 * Fastify's `clientErrorHandler`: Node reports requests it could not parse (a malformed
 * or over-large header, a request that took too long) before Fastify sees them. They
 * get our failure envelope too, then the connection is closed, as Node itself does.
 */
export function clientErrorHandler(err: Error & { code?: string }, socket: Socket): void {
  if (err.code === "ECONNRESET" || socket.destroyed) return;
  if (socket.writable) {
    if (err.code === "ERR_HTTP_REQUEST_TIMEOUT") {
      socket.write(rawFailure(408, "Request Timeout", "request_timeout", "The request took too long to arrive"));
    } else if (err.code === "HPE_HEADER_OVERFLOW") {
      socket.write(rawFailure(431, "Request Header Fields Too Large", "headers_too_large", "The request headers are too large"));
    } else {
      socket.write(rawFailure(400, "Bad Request", "malformed_request", "The request is malformed"));
    }
  }
  socket.destroy();
}

/**
 * An OPTIONS request without Origin is not a CORS preflight; @fastify/cors would answer
 * it in plain text, so it is refused here, before that plugin, in the envelope.
 */
export async function refuseOriginlessPreflight(request: FastifyRequest, _reply: FastifyReply): Promise<void> {
  if (request.method === "OPTIONS" && request.headers.origin === undefined) {
    throw badRequest("validation_failed", "A CORS preflight request needs an Origin header");
  }
}
