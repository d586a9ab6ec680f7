import net from "node:net";
import type { PGlite } from "@electric-sql/pglite";

// Startup-phase request codes of the PostgreSQL wire protocol (no type byte before them).
const PROTOCOL_3 = 196_608;
const SSL_REQUEST = 80_877_103;
const GSS_REQUEST = 80_877_104;
const CANCEL_REQUEST = 80_877_102;

/**
 * Splits one connection's bytes into whole protocol messages: first the startup packet
 * (length, code), then typed messages (type byte, length). Returns the complete ones.
 */
function takeMessages(state: { buffer: Buffer; started: boolean }): { message: Buffer; startup: boolean }[] {
  const out: { message: Buffer; startup: boolean }[] = [];
  for (;;) {
    const { buffer } = state;
    const size = state.started ? (buffer.length >= 5 ? 1 + buffer.readInt32BE(1) : 0) : buffer.length >= 8 ? buffer.readInt32BE(0) : 0;
    if (size === 0 || buffer.length < size) return out;
    const message = buffer.subarray(0, size);
    state.buffer = buffer.subarray(size);
    out.push({ message, startup: !state.started });
    if (!state.started && message.readInt32BE(4) === PROTOCOL_3) state.started = true;
  }
}

/** Puts PGlite's one session back to a clean state for the next connection. */
async function resetSession(db: PGlite): Promise<void> {
  if (await db.isInTransaction()) await db.exec("ROLLBACK");
  await db.exec("DISCARD ALL");
}

/**
 * Serves PGlite over the PostgreSQL wire protocol on a Unix socket. PGlite is a single
 * session, so this serves one connection at a time: a second one waits until the first
 * closes, and the session is reset in between (an open transaction is rolled back). Its
 * clients therefore use a pool of one connection, which also queues their transactions.
 */
export async function serveWire(db: PGlite, socketPath: string): Promise<{ close(): Promise<void> }> {
  let turn: Promise<void> = Promise.resolve();
  const sockets = new Set<net.Socket>();
  const serve = (socket: net.Socket) =>
    new Promise<void>((done) => {
      const state: { buffer: Buffer; started: boolean } = { buffer: Buffer.alloc(0), started: false };
      let work: Promise<void> = Promise.resolve();
      const run = async ({ message, startup }: { message: Buffer; startup: boolean }) => {
        if (socket.destroyed) return;
        const code = startup ? message.readInt32BE(4) : 0;
        if (code === SSL_REQUEST || code === GSS_REQUEST) return void socket.write("N");
        if (code === CANCEL_REQUEST) return void socket.destroy();
        if (!startup && message[0] === 0x58) return void socket.end(); // Terminate
        // Each piece is a view of PGlite's memory that the next piece overwrites: it is copied.
        // The reply is sent whole once PGlite has synced its files, so an answered COMMIT is stored.
        const reply: Buffer[] = [];
        await db.execProtocolRawStream(new Uint8Array(message), { onRawData: (data) => void reply.push(Buffer.from(data)) });
        if (reply.length > 0 && !socket.destroyed) socket.write(reply.length === 1 ? reply[0]! : Buffer.concat(reply));
      };
      socket.on("data", (chunk: Buffer) => {
        state.buffer = state.buffer.length ? Buffer.concat([state.buffer, chunk]) : chunk;
        for (const message of takeMessages(state)) work = work.then(() => run(message)).catch(() => void socket.destroy());
      });
      socket.on("error", () => socket.destroy());
      socket.on("close", () => {
        void work.then(() => resetSession(db)).catch(() => undefined).then(done);
      });
    });
  const server = net.createServer((socket) => {
    sockets.add(socket);
    socket.once("close", () => sockets.delete(socket));
    socket.pause();
    turn = turn.then(() => {
      if (socket.destroyed) return;
      socket.resume();
      return serve(socket);
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(socketPath, () => resolve());
  });
  return {
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        for (const socket of sockets) socket.destroy();
      }),
  };
}
