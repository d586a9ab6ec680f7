import http from "node:http";
import net from "node:net";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, expect, it } from "vitest";
import WebSocket, { WebSocketServer } from "ws";
import { guardWebSocket, guardWebSocketServer } from "./socket-guards";

// What /collab relies on in `ws` (collab-server.ts, socket-guards.ts): a frame over
// `maxPayload` is reported as an `error` event (which guardWebSocket logs) and the peer is
// closed with 1009; a malformed handshake on a `noServer` server is handed to
// `wsClientError` (which guardWebSocketServer answers with 400).

const logged: string[] = [];
const log = (_err: unknown, msg: string) => logged.push(msg);
const server = http.createServer();
const wss = new WebSocketServer({ noServer: true, maxPayload: 64 });
guardWebSocketServer(wss, log);
server.on("upgrade", (req, socket, head) => wss.handleUpgrade(req, socket, head, (ws) => guardWebSocket(ws, log)));
let port = 0;
beforeAll(() => new Promise<void>((resolve) => server.listen(0, "127.0.0.1", () => ((port = (server.address() as AddressInfo).port), resolve()))));
afterAll(() => new Promise((resolve) => (wss.close(), server.close(resolve))));

it("reports a frame over maxPayload as an error event and closes the peer with 1009", async () => {
  const client = new WebSocket(`ws://127.0.0.1:${port}`);
  await new Promise((resolve) => client.once("open", resolve));
  const closed = new Promise<number>((resolve) => client.once("close", (code) => resolve(code)));
  client.send("x".repeat(65));
  expect(await closed).toBe(1009);
  expect(logged).toContain("websocket protocol error");
});

it("hands a malformed handshake to wsClientError, answered 400 in our envelope", async () => {
  const raw = net.connect(port, "127.0.0.1");
  // An upgrade without Sec-WebSocket-Key.
  raw.write(`GET / HTTP/1.1\r\nHost: x\r\nUpgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Version: 13\r\n\r\n`);
  let answer = "";
  raw.on("data", (chunk) => (answer += String(chunk)));
  await new Promise((resolve) => raw.once("close", resolve));
  expect(answer).toMatch(/^HTTP\/1\.1 400/);
  expect(answer).toContain("malformed_request");
  expect(logged).toContain("websocket handshake refused");
});
