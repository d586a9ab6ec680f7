import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Hocuspocus } from "@hocuspocus/server";
import type { HocuspocusProvider } from "@hocuspocus/provider";
import WebSocket, { WebSocketServer, type RawData } from "ws";
import { startBareHocuspocus, until } from "../../../test/bare-hocuspocus";
import { CollabSocket } from "./collab-socket";

// CollabSocket relies on Hocuspocus sending an update back to the connection it came from as
// a frame byte-identical to the one received. With ws's own WebSocket the first test shows
// that echo (if an update of @hocuspocus/server stops it or re-encodes it, it fails); with
// CollabSocket the second shows it gone while the peer still gets the update. The last ones
// check that ws still builds its sockets from the class we give it and that frames sent in
// one turn wait in the corked socket until the turn ends.

/** Starts a bare Hocuspocus whose websockets are of `socketClass`; records every frame each one received. */
async function bareServer(socketClass: typeof WebSocket) {
  const hocuspocus = new Hocuspocus({ quiet: true });
  const received: Buffer[] = [];
  const bare = await startBareHocuspocus(
    hocuspocus,
    (ws, req) => {
      ws.on("message", (data: RawData) => received.push(data as Buffer));
      hocuspocus.handleConnection(ws, req, {});
    },
    { WebSocket: socketClass },
  );
  return { bare, received };
}

/** Every frame the provider receives. */
function framesOf(provider: HocuspocusProvider): Buffer[] {
  const frames: Buffer[] = [];
  provider.on("message", ({ event }: { event: MessageEvent }) => frames.push(Buffer.from(event.data as ArrayBuffer)));
  return frames;
}

/** Types into one of two synced providers; returns the frames the server got and each provider got meanwhile. */
async function typeInRoom(server: Awaited<ReturnType<typeof bareServer>>, name: string) {
  const a = server.bare.client(name);
  const b = server.bare.client(name);
  await until(() => a.provider.isSynced && b.provider.isSynced);
  const toA = framesOf(a.provider);
  const toB = framesOf(b.provider);
  server.received.length = 0;
  a.provider.document.getText("code").insert(0, "typed");
  await until(() => b.provider.document.getText("code").toString() === "typed" && !a.provider.hasUnsyncedChanges);
  // Whatever is still on its way to a arrives before this.
  await new Promise((resolve) => setTimeout(resolve, 50));
  a.close();
  b.close();
  const update = server.received.find((frame) => toB.some((f) => f.equals(frame)));
  return { update, toA };
}

describe.each([
  { socketClass: WebSocket, name: "ws's own WebSocket", echoed: true, says: "Hocuspocus sends an update back to its sender, byte for byte" },
  { socketClass: CollabSocket, name: "CollabSocket", echoed: false, says: "the peer gets the update and its sender does not get it back" },
])("with $name", ({ socketClass, echoed, says }) => {
  let server: Awaited<ReturnType<typeof bareServer>>;
  beforeAll(async () => (server = await bareServer(socketClass)));
  afterAll(() => server.bare.close());

  it(says, async () => {
    const { update, toA } = await typeInRoom(server, echoed ? "echoed" : "no-echo");
    expect(update).toBeDefined();
    expect(toA.some((frame) => frame.equals(update!))).toBe(echoed);
  });
});

describe("writes", () => {
  /** A CollabSocket server that sends three frames in one turn on each connection, reporting the bytes still buffered right after. */
  async function sendThree(writesToSocket: boolean) {
    const server = http.createServer();
    const wss = new WebSocketServer({ server, WebSocket: CollabSocket });
    const buffered = new Promise<{ isCollabSocket: boolean; bytes: number }>((resolve) =>
      wss.on("connection", (ws, req) => {
        if (writesToSocket) ws.writesTo(req.socket);
        for (const text of ["one", "two", "three"]) ws.send(text);
        resolve({ isCollabSocket: ws instanceof CollabSocket, bytes: req.socket.writableLength });
      }),
    );
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const client = new WebSocket(`ws://127.0.0.1:${(server.address() as AddressInfo).port}`);
    const received: string[] = [];
    client.on("message", (data: RawData) => received.push(String(data)));
    const result = await buffered;
    await until(() => received.length === 3);
    client.close();
    wss.close();
    await new Promise((resolve) => server.close(resolve));
    return { ...result, received };
  }

  it("holds the frames of a turn in the socket until the turn ends, then delivers them in order", async () => {
    const { isCollabSocket, bytes, received } = await sendThree(true);
    expect(isCollabSocket).toBe(true);
    expect(bytes).toBeGreaterThan(0);
    expect(received).toEqual(["one", "two", "three"]);
  });

  it("writes each frame at once when it does not know the socket (the control of the one above)", async () => {
    const { bytes, received } = await sendThree(false);
    expect(bytes).toBe(0);
    expect(received).toEqual(["one", "two", "three"]);
  });
});
