import type { AddressInfo } from "node:net";
import {
  HocuspocusProvider,
  HocuspocusProviderWebsocket,
  type HocuspocusProviderConfiguration,
  type CompleteHocuspocusProviderWebsocketConfiguration,
} from "@hocuspocus/provider";
import { io, type Socket } from "socket.io-client";
import WebSocket from "ws";
import { collabPath, editorNamespace } from "@coderoom/shared/schemas/realtime";
import { SESSION_COOKIE } from "../src/http/auth";
import { attachRealtime, type Realtime } from "../src/realtime/attach-realtime";
import { createTestApp, type TestContext } from "./test-app";

export interface RealtimeTestContext extends TestContext {
  /** http://127.0.0.1:{port} of the listening app. */
  url: string;
  realtime: Realtime;
}

/**
 * The real app with Socket.IO and Hocuspocus attached, listening on 127.0.0.1 port 0
 * (`opts.db`: another app's database, as for createTestApp).
 */
export async function createRealtimeTestApp(env: Record<string, string> = {}, opts: Parameters<typeof createTestApp>[1] = {}): Promise<RealtimeTestContext> {
  const ctx = await createTestApp(env, opts);
  const realtime = attachRealtime(ctx.app, ctx.deps);
  await ctx.app.listen({ port: 0, host: "127.0.0.1" });
  const { port } = ctx.app.server.address() as AddressInfo;
  return {
    ...ctx,
    url: `http://127.0.0.1:${port}`,
    realtime,
    close: async () => {
      await realtime.close();
      await ctx.close();
    },
  };
}

/** The Cookie header of a session token. */
export const cookieOf = (token: string | undefined) => (token ? `${SESSION_COOKIE}=${token}` : "");

/** A real socket.io-client on `/editor` with this session (websocket only, no reconnection unless asked). */
export function editorClient(url: string, token: string | undefined, opts: { headers?: Record<string, string>; reconnection?: boolean } = {}): Socket {
  const headers = { ...(token ? { cookie: cookieOf(token) } : {}), ...opts.headers };
  return io(`${url}${editorNamespace}`, {
    transports: ["websocket"],
    extraHeaders: headers,
    forceNew: true,
    reconnection: opts.reconnection ?? false,
  });
}

/** Resolves with the first payload of `event` on the socket (rejects after `ms`). */
export function nextEvent<T = unknown>(socket: Socket, event: string, ms = 5000): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no ${event} within ${ms} ms`)), ms);
    socket.once(event, (payload: T) => {
      clearTimeout(timer);
      resolve(payload);
    });
  });
}

/** Emits with an ack and resolves with the answer. */
export function emitAck<T = any>(socket: Socket, event: string, ...args: unknown[]): Promise<T> {
  return socket.timeout(5000).emitWithAck(event, ...args) as Promise<T>;
}

/** Connects (or rejects with the connect_error message). */
export function connected(socket: Socket): Promise<void> {
  return new Promise((resolve, reject) => {
    socket.once("connect", () => resolve());
    socket.once("connect_error", (err) => reject(err));
  });
}

/** A real Hocuspocus provider for the room's document, with the session cookie on its websocket. */
export function collabClient(
  url: string,
  roomId: string,
  token: string | undefined,
  opts: {
    reconnect?: boolean;
    provider?: Partial<HocuspocusProviderConfiguration>;
    socket?: Partial<CompleteHocuspocusProviderWebsocketConfiguration>;
    /** More cookies of the site, as a browser sends them all (a balancer's sticky cookie). */
    cookies?: string;
  } = {},
): HocuspocusProvider {
  const cookie = [cookieOf(token), opts.cookies].filter(Boolean).join("; ");
  class CookieSocket extends WebSocket {
    constructor(address: string, protocols?: string | string[]) {
      super(address, protocols, { headers: cookie ? { cookie } : {} });
    }
  }
  const websocketProvider = new HocuspocusProviderWebsocket({
    url: `${url.replace(/^http/, "ws")}${collabPath}`,
    WebSocketPolyfill: CookieSocket,
    maxAttempts: opts.reconnect ? 0 : 1,
    ...opts.socket,
  });
  const provider = new HocuspocusProvider({ name: roomId, websocketProvider, token: "session-cookie", ...opts.provider });
  provider.attach();
  return provider;
}

export { closeCollab } from "./close-collab";

/** Polls until `check` is true (rejects after `ms`). */
export async function until(check: () => boolean | Promise<boolean>, ms = 5000, what = "condition"): Promise<void> {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}
