import type { IncomingHttpHeaders } from "node:http";
import type { Server, Socket } from "socket.io";
import type { AppDeps } from "../deps";
import { createHandshakeOriginCheck, hasSessionCookie, identify, type HandshakeIdentity } from "./handshake-auth";

/**
 * How long a connection without a session waits for one before it is closed. The client
 * reconnects on its own, and its new websocket upgrade carries the cookie of a sign-in
 * made since; until then it only buffers its events.
 */
export const SIGN_IN_RECHECK_MS = 5_000;

interface Slot {
  /** The identity of the connection's first websocket upgrade request (null: none, or closed first). */
  identity: Promise<HandshakeIdentity | null>;
  settle(identity: Promise<HandshakeIdentity | null> | null): void;
  upgradeSeen: boolean;
  closed: boolean;
}

/**
 * The original client opens its socket with no credentials, so a cross-origin polling
 * handshake carries no cookie; browsers do send same-site cookies on the websocket
 * upgrade that follows. This reads the session of each connection's first upgrade
 * request (through the engine's public middleware hook, origin-checked like a handshake),
 * so that `/editor` can take the identity from there.
 */
export function createUpgradeIdentities(io: Server, deps: AppDeps) {
  const originOk = createHandshakeOriginCheck(deps);
  // By session id (what an upgrade request names) and by connection (what a socket has).
  const bySid = new Map<string, Slot>();
  const byConn = new WeakMap<Socket["conn"], Slot>();

  io.engine.on("connection", (conn: Socket["conn"]) => {
    let settle!: Slot["settle"];
    const identity = new Promise<HandshakeIdentity | null>((resolve) => (settle = resolve));
    const slot: Slot = { identity, settle, upgradeSeen: false, closed: false };
    const sid = conn.transport.sid;
    bySid.set(sid, slot);
    byConn.set(conn, slot);
    conn.once("close", () => {
      slot.closed = true;
      slot.settle(null);
      bySid.delete(sid);
    });
  });

  io.engine.use((req: { url?: string; headers: IncomingHttpHeaders }, _res: unknown, next: () => void) => {
    if (!req.headers.upgrade) return next();
    const query = new URL(req.url ?? "/", "http://upgrade").searchParams;
    const slot = query.get("transport") === "websocket" ? bySid.get(query.get("sid") ?? "") : undefined;
    // The first upgrade only: the client's own, sent right after its handshake.
    if (slot && !slot.upgradeSeen) {
      slot.upgradeSeen = true;
      // A failed lookup counts as no session: the next re-check asks again.
      slot.settle(originOk(req.headers) ? identify(deps, req.headers).catch(() => null) : null);
    }
    next();
  });

  return {
    /** True for a polling handshake without a session cookie: its session can only come with the upgrade. */
    awaitsUpgrade(socket: Socket): boolean {
      return socket.handshake.query.transport === "polling" && !hasSessionCookie(socket.handshake.headers);
    },

    /**
     * The identity of this connection's upgrade, or null once SIGN_IN_RECHECK_MS have passed
     * (or the connection closed) without one.
     */
    async wait(socket: Socket): Promise<HandshakeIdentity | null> {
      const slot = byConn.get(socket.conn);
      if (!slot) return null;
      let timer: NodeJS.Timeout | undefined;
      const recheck = new Promise<null>((resolve) => {
        timer = setTimeout(resolve, SIGN_IN_RECHECK_MS, null).unref();
      });
      const identity = await Promise.race([slot.identity, recheck]);
      if (identity || slot.closed) {
        clearTimeout(timer);
        return identity;
      }
      return recheck;
    },
  };
}
