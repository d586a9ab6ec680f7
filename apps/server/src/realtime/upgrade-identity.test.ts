import http from "node:http";
import type { IncomingHttpHeaders } from "node:http";
import type { AddressInfo } from "node:net";
import { Server, type Socket } from "socket.io";
import { io as connect } from "socket.io-client";
import { afterAll, expect, it } from "vitest";

// upgrade-identity.ts reads the session of a connection's websocket upgrade through
// engine.io's public middleware (`io.engine.use`): it relies on the middleware seeing that
// upgrade request, with its cookies and a query naming the transport and the `sid` that the
// connection's transport carries from its polling handshake on.

const httpServer = http.createServer();
const io = new Server(httpServer, { transports: ["polling", "websocket"] });
afterAll(() => new Promise((resolve) => io.close(resolve)));

it("runs engine middleware on the websocket upgrade of a polling connection, naming its sid", async () => {
  const sids: string[] = [];
  const upgrades: { query: URLSearchParams; cookie: string | undefined }[] = [];
  io.engine.on("connection", (conn: Socket["conn"]) => sids.push(conn.transport.sid));
  io.engine.use((req: { url?: string; headers: IncomingHttpHeaders }, _res: unknown, next: () => void) => {
    if (req.headers.upgrade) upgrades.push({ query: new URL(req.url ?? "/", "http://x").searchParams, cookie: req.headers.cookie });
    next();
  });
  await new Promise<void>((resolve) => httpServer.listen(0, "127.0.0.1", resolve));
  const { port } = httpServer.address() as AddressInfo;
  const client = connect(`http://127.0.0.1:${port}`, { transports: ["polling", "websocket"], extraHeaders: { cookie: "session=abc" } });
  await new Promise<void>((resolve) => client.io.engine.once("upgrade", () => resolve()));
  client.disconnect();

  expect(sids).toHaveLength(1);
  expect(upgrades).toHaveLength(1);
  expect(upgrades[0]!.query.get("transport")).toBe("websocket");
  expect(upgrades[0]!.query.get("sid")).toBe(sids[0]);
  expect(upgrades[0]!.cookie).toBe("session=abc");
});
