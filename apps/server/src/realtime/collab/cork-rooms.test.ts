import http from "node:http";
import type { AddressInfo } from "node:net";
import type { Duplex } from "node:stream";
import { afterAll, beforeAll, expect, it } from "vitest";
import { Hocuspocus, type beforeHandleMessagePayload, type Extension } from "@hocuspocus/server";
import { HocuspocusProvider, HocuspocusProviderWebsocket } from "@hocuspocus/provider";
import WebSocket, { WebSocketServer } from "ws";
import { createRoomCorking } from "./cork-rooms";

// Room corking relies on Hocuspocus broadcasting a message's changes in the turn its
// beforeHandleMessage hook ran: if an update of @hocuspocus/server defers the broadcast,
// the frames no longer wait in the corked sockets and this fails.

const corking = createRoomCorking();
const sockets = new Map<WebSocket, Duplex>();
/** Bytes waiting in the peers' corked sockets at the end of each turn that handled a message. */
const waitingAtTurnEnd: number[] = [];
/** Runs before the corking extension, so its end-of-turn look comes before the uncork. */
const observer: Extension = {
  extensionName: "observer",
  async beforeHandleMessage({ document, connection }: beforeHandleMessagePayload) {
    const peers = document.getConnections().filter((c) => c !== connection);
    setImmediate(() => waitingAtTurnEnd.push(peers.reduce((n, c) => n + (sockets.get(c.webSocket)?.writableLength ?? 0), 0)));
  },
};
const hocuspocus = new Hocuspocus({ quiet: true, extensions: [observer, corking.extension] });
const server = http.createServer();
const wss = new WebSocketServer({ server });
let url = "";
beforeAll(async () => {
  wss.on("connection", (ws, req) => {
    sockets.set(ws, req.socket);
    corking.watch(ws, req.socket);
    hocuspocus.handleConnection(ws, req, {});
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  url = `ws://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  hocuspocus.closeConnections();
  wss.close();
  await new Promise((resolve) => server.close(resolve));
});

function client(name: string) {
  const socket = new HocuspocusProviderWebsocket({ url, WebSocketPolyfill: WebSocket, maxAttempts: 1 });
  const provider = new HocuspocusProvider({ name, websocketProvider: socket, token: "t" });
  provider.attach();
  return { provider, close: () => (provider.destroy(), socket.destroy()) };
}
const until = async (check: () => boolean) => {
  while (!check()) await new Promise((resolve) => setTimeout(resolve, 10));
};

it("holds a room's broadcast in its peers' sockets until the turn ends, then delivers it", async () => {
  const a = client("corked");
  const b = client("corked");
  await until(() => a.provider.isSynced && b.provider.isSynced);
  waitingAtTurnEnd.length = 0;
  a.provider.document.getText("code").insert(0, "typed");
  await until(() => b.provider.document.getText("code").toString() === "typed");
  expect(Math.max(0, ...waitingAtTurnEnd)).toBeGreaterThan(0);
  a.close();
  b.close();
});
