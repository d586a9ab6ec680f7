import type { IncomingMessage } from "node:http";
import proxyaddr from "@fastify/proxy-addr";
import type { TrustProxy } from "../config";

/** The address a request came from: the connection's, or the forwarded one when the connection is a trusted proxy. */
export function clientIp(req: IncomingMessage, trust: TrustProxy): string {
  if (trust === false) return req.socket.remoteAddress ?? "";
  return proxyaddr(req, trust === true ? () => true : proxyaddr.compile(trust));
}

/** True for 127.0.0.0/8 and ::1, in IPv4 or IPv4-mapped form. */
export function isLoopback(address: string | undefined): boolean {
  if (!address) return false;
  const v4 = address.startsWith("::ffff:") ? address.slice(7) : address;
  return v4 === "::1" || v4.startsWith("127.");
}
