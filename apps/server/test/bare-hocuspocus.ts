import http from "node:http";
import type { AddressInfo } from "node:net";
import type { Hocuspocus } from "@hocuspocus/server";
import { HocuspocusProvider, HocuspocusProviderWebsocket } from "@hocuspocus/provider";
import WebSocket, { WebSocketServer, type ServerOptions } from "ws";
import { closeCollab } from "./close-collab";

/**
 * A bare Hocuspocus behind a plain WebSocket server on a free port, for tests of the
 * library's behaviour our extensions rely on. `onConnection` hands each connection over;
 * `options.WebSocket` is the class ws makes them with.
 */
export async function startBareHocuspocus(
  hocuspocus: Hocuspocus,
  onConnection: (ws: WebSocket, req: http.IncomingMessage) => void,
  options: Pick<ServerOptions, "WebSocket"> = {},
) {
  const server = http.createServer();
  const wss = new WebSocketServer({ ...options, server });
  wss.on("connection", onConnection);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const url = `ws://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    /** A provider of document `name`, connected at `path`. */
    client(name: string, path = "/") {
      const socket = new HocuspocusProviderWebsocket({ url: `${url}${path}`, WebSocketPolyfill: WebSocket, maxAttempts: 1 });
      const provider = new HocuspocusProvider({ name, websocketProvider: socket, token: "t" });
      provider.attach();
      return { provider, close: () => closeCollab(provider) };
    },
    async close() {
      hocuspocus.closeConnections();
      wss.close();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

/** Resolves once `check` holds, looking every 10 ms. */
export async function until(check: () => boolean): Promise<void> {
  while (!check()) await new Promise((resolve) => setTimeout(resolve, 10));
}
