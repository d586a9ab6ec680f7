import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import WebSocket, { WebSocketServer } from "ws";
import { createTestApp, type TestContext } from "../../test/test-app";
import { openSockets, rawExchange, rawJsonBody } from "../../test/raw-socket";

// Finding 1 of issue 11: a slow or silent client used to hold its connection forever,
// and one address could open as many connections as the file-descriptor limit allows.
const HEADERS_MS = 400;
const REQUEST_MS = 800;
const CAP = 4;
/** Longest a timed-out connection may live: its timeout plus a few checking intervals. */
const CLOSE_BOUND_MS = REQUEST_MS + 1200;

let ctx: TestContext;
let port: number;
let wss: WebSocketServer;
beforeAll(async () => {
  ctx = await createTestApp({
    HTTP_HEADERS_TIMEOUT_MS: String(HEADERS_MS),
    HTTP_REQUEST_TIMEOUT_MS: String(REQUEST_MS),
    HTTP_KEEP_ALIVE_TIMEOUT_MS: "300",
    MAX_CONNECTIONS_PER_IP: String(CAP),
    CONNECTION_LIMIT_EXEMPT_IPS: "",
  });
  // A bare WebSocket endpoint, attached the way the realtime layer attaches Socket.IO and Hocuspocus.
  wss = new WebSocketServer({ noServer: true });
  wss.on("connection", (ws) => ws.on("message", (m) => ws.send(`echo:${m.toString()}`)));
  ctx.app.server.on("upgrade", (req, socket, head) => wss.handleUpgrade(req, socket, head, (ws) => wss.emit("connection", ws, req)));
  await ctx.app.listen({ port: 0, host: "127.0.0.1" });
  port = (ctx.app.server.address() as AddressInfo).port;
});
afterAll(async () => {
  wss.close();
  await ctx.close();
});

const post = (contentLength: number) =>
  `POST /api/v1/users/contact HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: ${contentLength}\r\n\r\n`;
const every = (ms: number, count: number, data: string) => Array.from({ length: count }, (_, i) => ({ afterMs: (i + 1) * ms, data }));

describe("slow clients are timed out", () => {
  it("closes a connection that sends headers and part of a body, then goes silent (408 envelope)", async () => {
    const outcome = await rawExchange(port, [{ afterMs: 0, data: post(200) + '{"name":' }], 10_000);
    expect(outcome.closedAfterMs).not.toBeNull();
    expect(outcome.closedAfterMs!).toBeLessThan(CLOSE_BOUND_MS);
    expect(outcome.data).toMatch(/^HTTP\/1\.1 408 /);
    expect(rawJsonBody(outcome.data)).toMatchObject({ success: false, code: "request_timeout" });
  });

  it("closes a connection that trickles its body a byte at a time", async () => {
    const outcome = await rawExchange(port, [{ afterMs: 0, data: post(1000) }, ...every(100, 100, "x")], 10_000);
    expect(outcome.closedAfterMs).not.toBeNull();
    expect(outcome.closedAfterMs!).toBeLessThan(CLOSE_BOUND_MS);
  });

  it("closes a connection that trickles its headers (slowloris)", async () => {
    const outcome = await rawExchange(port, [{ afterMs: 0, data: "GET /healthz HTTP/1.1\r\n" }, ...every(100, 100, "X-A: b\r\n")], 10_000);
    expect(outcome.closedAfterMs).not.toBeNull();
    expect(outcome.closedAfterMs!).toBeLessThan(HEADERS_MS + 1200);
  });

  it("closes a connection that never sends a request", async () => {
    const outcome = await rawExchange(port, [], 10_000);
    expect(outcome.closedAfterMs).not.toBeNull();
    expect(outcome.closedAfterMs!).toBeLessThan(CLOSE_BOUND_MS);
  });

  it("still answers a normal request", async () => {
    const outcome = await rawExchange(port, [{ afterMs: 0, data: "GET /healthz HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n" }], 5000);
    expect(outcome.data).toMatch(/^HTTP\/1\.1 200 /);
  });

  it("leaves an upgraded WebSocket open past every HTTP timeout", async () => {
    const ws = new WebSocket(`ws://127.0.0.1:${port}/ws-test`);
    await new Promise((resolve, reject) => ws.once("open", resolve).once("error", reject));
    await new Promise((resolve) => setTimeout(resolve, CLOSE_BOUND_MS + 500));
    expect(ws.readyState).toBe(WebSocket.OPEN);
    const reply = new Promise<string>((resolve) => ws.once("message", (m) => resolve(m.toString())));
    ws.send("ping");
    expect(await reply).toBe("echo:ping");
    ws.close();
    await new Promise((resolve) => ws.once("close", resolve));
  });
});

describe("connections per IP", () => {
  it("refuses connections over the cap with a 429 envelope, and accepts again once one closes", async () => {
    const held = await openSockets(port, CAP);
    try {
      const over = await rawExchange(port, [{ afterMs: 0, data: "GET /healthz HTTP/1.1\r\nHost: x\r\n\r\n" }], 5000);
      expect(over.data).toMatch(/^HTTP\/1\.1 429 /);
      expect(rawJsonBody(over.data)).toMatchObject({ success: false, code: "too_many_connections" });
      expect(over.closedAfterMs).not.toBeNull();
      held.pop()!.destroy();
      await new Promise((resolve) => setTimeout(resolve, 100));
      const again = await rawExchange(port, [{ afterMs: 0, data: "GET /healthz HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n" }], 5000);
      expect(again.data).toMatch(/^HTTP\/1\.1 200 /);
    } finally {
      held.forEach((s) => s.destroy());
    }
  });
});
