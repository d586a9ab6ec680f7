import net from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { collabTextName, roomEvents } from "@coderoom/shared/schemas/realtime";
import { closeCollab, collabClient, cookieOf, createRealtimeTestApp, emitAck, until, type RealtimeTestContext } from "../../test/realtime-harness";
import { joined, person, roomWithOwner, type Person } from "../../test/room-fixture";

/*
 * Issue 41: no bytes a client sends on a websocket stop the server. Each malformed frame
 * goes to `/collab` and to `/editor` (Socket.IO's websocket transport) on an upgraded raw
 * socket; afterwards REST and another room's realtime still answer.
 */
let ctx: RealtimeTestContext;
let other: { roomId: string; owner: Person };
beforeAll(async () => {
  ctx = await createRealtimeTestApp();
  other = await roomWithOwner(ctx);
});
afterAll(() => ctx?.close());

/** A raw TCP socket upgraded to a websocket on `path` (resolves once the 101 has arrived). */
function upgraded(path: string, cookie: string): Promise<net.Socket> {
  const { port } = new URL(ctx.url);
  return new Promise((resolve, reject) => {
    const socket = net.connect({ port: Number(port), host: "127.0.0.1" });
    let head = "";
    socket.on("error", () => undefined);
    socket.on("data", function onData(chunk: Buffer) {
      head += chunk.toString("latin1");
      if (!head.includes("\r\n\r\n")) return;
      socket.off("data", onData);
      if (head.startsWith("HTTP/1.1 101")) resolve(socket);
      else reject(new Error(`upgrade refused: ${head.split("\r\n")[0]}`));
    });
    socket.write(
      [
        `GET ${path} HTTP/1.1`,
        `Host: 127.0.0.1:${port}`,
        "Connection: Upgrade",
        "Upgrade: websocket",
        "Sec-WebSocket-Version: 13",
        "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==",
        `Cookie: ${cookie}`,
        "",
        "",
      ].join("\r\n"),
    );
  });
}

/** A masked binary frame header for a payload of `length` bytes (mask key 01 02 03 04). */
function maskedHeader(length: number): Buffer {
  const len = Buffer.alloc(8);
  len.writeBigUInt64BE(BigInt(length));
  return Buffer.concat([Buffer.from([0x82, 0xff]), len, Buffer.from([1, 2, 3, 4])]);
}

const FIVE_MB = 5 * 1024 * 1024;
const frames: Record<string, Buffer[]> = {
  "RSV1 set": [Buffer.from("c28101020304" + "01", "hex")],
  unmasked: [Buffer.from("820100", "hex")],
  "oversized (5 MB sent)": [maskedHeader(FIVE_MB), Buffer.alloc(FIVE_MB, 7)],
  "announced oversized (header only)": [maskedHeader(FIVE_MB)],
  "truncated, then closed": [Buffer.concat([Buffer.from([0x82, 0xe4, 1, 2, 3, 4]), Buffer.alloc(50, 7)])],
};

/** Writes the chunks, then waits for the server to close the socket (or half a second), then closes ours. */
async function send(socket: net.Socket, chunks: Buffer[]): Promise<void> {
  const closed = new Promise<void>((resolve) => socket.once("close", () => resolve()));
  for (const chunk of chunks) socket.write(chunk);
  await Promise.race([closed, new Promise((r) => setTimeout(r, 500))]);
  socket.end();
  socket.destroy();
}

/** REST (anonymous and authenticated) and another room's two realtime channels still work. */
async function stillServes(): Promise<void> {
  expect((await fetch(`${ctx.url}/healthz`)).status).toBe(200);
  const visitor = await person(ctx);
  const profile = await fetch(`${ctx.url}/api/v1/users/profile`, { headers: { cookie: cookieOf(visitor.token) } });
  expect(profile.status).toBe(200);
  const editor = await joined(ctx, visitor, other.roomId);
  expect(await emitAck(editor, roomEvents.runStop)).toMatchObject({ ok: false, code: "no_run_in_progress" });
  editor.close();
  const provider = collabClient(ctx.url, other.roomId, other.owner.token);
  try {
    await until(() => provider.isSynced, 5000, "collab sync");
    provider.document.getText(collabTextName).insert(0, "x");
    await until(() => provider.unsyncedChanges === 0, 5000, "edit acknowledged");
  } finally {
    closeCollab(provider);
  }
}

const channels = {
  "/collab": "/collab",
  "/editor": "/socket.io/?EIO=4&transport=websocket",
};

describe.each(Object.entries(channels))("malformed websocket frames on %s", (_name, path) => {
  it.each(Object.entries(frames))("%s: the server logs it and keeps serving", async (_frame, chunks) => {
    const socket = await upgraded(path, cookieOf(other.owner.token));
    await send(socket, chunks);
    await stillServes();
  });
});

describe("upgrade sockets", () => {
  it("refuses an upgrade to a path no channel serves instead of holding the socket", async () => {
    await expect(upgraded("/nowhere", cookieOf(other.owner.token))).rejects.toThrow("upgrade refused: HTTP/1.1 404");
    await stillServes();
  });
});
