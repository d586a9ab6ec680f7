import fs from "node:fs";
import net from "node:net";
import type { DbHandle } from "../db/client";
import { runAdmin } from "./admin-commands";

/** One admin command's outcome, as the CLI prints it. */
export interface AdminReply {
  code: number;
  out: string[];
  err: string[];
}

// Unix socket paths are limited to about 107 bytes.
const MAX_SOCKET_PATH = 100;
const MAX_REQUEST_BYTES = 4096;

/**
 * The running server's admin channel: a Unix socket beside the embedded database, mode
 * 0600, so only the account that runs the server can use it. `npm run admin` sends its
 * arguments here instead of opening the database a second time (PGlite allows one
 * process; issue 10 §2.1). Nothing to do for PostgreSQL, which takes many clients.
 */
export async function startAdminChannel(handle: DbHandle): Promise<{ close(): Promise<void> } | null> {
  const lock = handle.dataDirLock;
  if (!lock) return null;
  const socketPath = lock.file.replace(/\.lock$/, ".admin.sock");
  if (socketPath.length > MAX_SOCKET_PATH) return null;
  // We own the lock, so a socket file left here belongs to a dead server.
  fs.rmSync(socketPath, { force: true });
  const server = net.createServer((socket) => {
    let input = "";
    socket.setEncoding("utf8");
    socket.on("error", () => socket.destroy());
    socket.on("data", (chunk: string) => {
      input += chunk;
      if (input.length > MAX_REQUEST_BYTES) return socket.destroy();
      if (!input.includes("\n")) return;
      void answer(handle, input.slice(0, input.indexOf("\n"))).then((reply) => socket.end(`${JSON.stringify(reply)}\n`));
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(socketPath, () => resolve());
  });
  fs.chmodSync(socketPath, 0o600);
  lock.advertise(socketPath);
  return {
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        fs.rmSync(socketPath, { force: true });
      }),
  };
}

async function answer(handle: DbHandle, line: string): Promise<AdminReply> {
  const reply: AdminReply = { code: 1, out: [], err: [] };
  try {
    const request = JSON.parse(line) as { args?: unknown };
    const args = Array.isArray(request.args) ? request.args.filter((a): a is string => typeof a === "string") : [];
    reply.code = await runAdmin(handle.db, args, { out: (l) => reply.out.push(l), err: (l) => reply.err.push(l) });
  } catch (err) {
    reply.err.push(err instanceof Error ? err.message : String(err));
  }
  return reply;
}

/** Sends the CLI's arguments to a running server's admin channel and returns its reply. */
export function sendAdminCommand(socketPath: string, args: string[]): Promise<AdminReply> {
  return new Promise((resolve, reject) => {
    let data = "";
    const socket = net.createConnection(socketPath, () => socket.write(`${JSON.stringify({ args })}\n`));
    socket.setEncoding("utf8");
    socket.setTimeout(30_000, () => socket.destroy(new Error("The running server did not answer the admin command in 30 s.")));
    socket.on("data", (chunk: string) => (data += chunk));
    socket.on("error", reject);
    socket.on("end", () => {
      try {
        resolve(JSON.parse(data) as AdminReply);
      } catch {
        reject(new Error("The running server gave no readable answer to the admin command."));
      }
    });
  });
}
