import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { Server, type Socket } from "socket.io";
import { io as connect, type Socket as ClientSocket } from "socket.io-client";
import { turnCorkedWrites } from "./turn-corked-writes";

// Socket.IO writes each packet to a websocket connection's socket at once (a broadcast as a
// pre-encoded frame): the first row shows the bytes gone right after four emits (if an update
// of socket.io or engine.io starts buffering itself, it fails and the cork can go). With
// turnCorkedWrites (Socket.IO's wsEngine option and Engine.IO's flush event) they wait in
// the corked socket until the turn ends, for a connection that started as a websocket and
// for one that upgraded from polling, as browsers do; the client gets all four, in order.

let close: () => Promise<void> = async () => {};
afterEach(() => close());

async function startServer(corked: boolean) {
  const writes = corked ? turnCorkedWrites() : null;
  const server = http.createServer();
  const io = new Server(server, writes ? { wsEngine: writes.wsEngine } : {});
  writes?.attach(io);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const clients: ClientSocket[] = [];
  close = async () => {
    clients.forEach((c) => c.disconnect());
    await io.close();
  };
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const connected = async (transports: string[]) => {
    const serverSide = new Promise<Socket>((resolve) => io.once("connection", resolve));
    const client = connect(url, { transports, forceNew: true, reconnection: false });
    clients.push(client);
    const socket = await serverSide;
    if (transports.includes("websocket")) await until(() => socket.conn.transport.name === "websocket");
    return { client, socket };
  };
  /** The socket the connection's websocket writes to, as Socket.IO's own server has it without ours. */
  const socketOf = (socket: Socket) => writes?.socketOf(socket.conn) ?? socket.conn.request.socket;
  return { io, connected, socketOf };
}

async function until(ok: () => boolean) {
  for (let i = 0; i < 200 && !ok(); i += 1) await new Promise((resolve) => setTimeout(resolve, 10));
  expect(ok()).toBe(true);
}

describe.each([
  { name: "Socket.IO alone", corked: false, transports: ["websocket"], waiting: false },
  { name: "turnCorkedWrites, a websocket from the start", corked: true, transports: ["websocket"], waiting: true },
  { name: "turnCorkedWrites, upgraded from polling", corked: true, transports: ["polling", "websocket"], waiting: true },
])("$name", ({ corked, transports, waiting }) => {
  it(waiting ? "keeps a turn's packets in the socket until the turn ends" : "writes each packet at once", async () => {
    const { connected, socketOf } = await startServer(corked);
    const { client, socket } = await connected(transports);
    socket.join("room");
    const received: string[] = [];
    client.onAny((event: string) => received.push(event));
    const raw = socketOf(socket);
    socket.emit("one");
    socket.emit("two");
    socket.to("nobody").emit("none");
    socket.nsp.to("room").emit("three");
    socket.emit("four");
    const bytesWaiting = raw.writableLength;
    expect(bytesWaiting > 0).toBe(waiting);
    await until(() => received.length === 4);
    expect(received).toEqual(["one", "two", "three", "four"]);
    expect(raw.writableLength).toBe(0);
  });
});
