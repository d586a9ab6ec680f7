import { expect, it } from "vitest";
import type { AddressInfo } from "node:net";
import WebSocket, { WebSocketServer } from "ws";
import { HocuspocusProvider, HocuspocusProviderWebsocket } from "@hocuspocus/provider";
import { destroyCollabSocket } from "./destroy-collab-socket";

const RECONNECT_DELAY = 50;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The server closes the connection (as after a refusal), so the socket schedules a
 * reconnect; the user leaves the room before it runs. Returns how many connections
 * the server saw in all.
 */
async function connectionsAfterLeaving(destroy: (socket: HocuspocusProviderWebsocket) => void): Promise<number> {
  const server = new WebSocketServer({ port: 0, host: "127.0.0.1" });
  let connections = 0;
  server.on("connection", (ws) => {
    connections += 1;
    ws.close();
  });
  await new Promise((resolve) => server.once("listening", resolve));
  const url = `ws://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const socket = new HocuspocusProviderWebsocket({ url, WebSocketPolyfill: WebSocket, delay: RECONNECT_DELAY, minDelay: RECONNECT_DELAY, maxAttempts: 1 });
  const provider = new HocuspocusProvider({ name: "room", websocketProvider: socket, token: "t" });
  provider.attach();
  while (connections === 0 || socket.status !== "disconnected") await sleep(5);

  provider.destroy();
  destroy(socket);
  await sleep(RECONNECT_DELAY * 4);
  await new Promise((resolve) => server.close(resolve));
  return connections;
}

it("leaves no late reconnect behind once the user leaves", async () => {
  expect(await connectionsAfterLeaving(destroyCollabSocket)).toBe(1);
});

it("is needed: the socket's own destroy() still reconnects late (fails once Hocuspocus cancels it)", async () => {
  expect(await connectionsAfterLeaving((socket) => socket.destroy())).toBe(2);
});
