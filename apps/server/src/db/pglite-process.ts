import fs from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { acquireDataDirLock, DataDirLockedError } from "./data-dir-lock";
import { serveWire } from "./pglite-wire-server";

// The embedded database's own process (spawned by pglite-child.ts, never imported): it owns
// the data folder and its lock, and serves PGlite on a Unix socket, so no query ever runs
// on the web server's event loop. Usage: pglite-process <pgliteDir> <socketPath>.

/** What this process tells its parent over the IPC channel. */
export type PgliteChildMessage = { t: "ready" } | { t: "failed"; message: string; locked: boolean };
/** What the parent tells it. */
export type PgliteParentMessage = { t: "advertise"; adminSocket: string };

const send = (message: PgliteChildMessage) => process.send?.(message);
/**
 * PostgreSQL's buffer pool, which PGlite fills at start (its default, 128 MB, is most of an
 * idle process's memory). An embedded database serves one session; the rest of what it reads
 * comes through the operating system's file cache.
 */
const SHARED_BUFFERS = "16MB";

async function main(dir: string, socketPath: string) {
  const lock = acquireDataDirLock(dir);
  fs.mkdirSync(dir, { recursive: true });
  const db = new PGlite(dir, { startParams: [...PGlite.defaultStartParams, "-c", `shared_buffers=${SHARED_BUFFERS}`] });
  await db.waitReady;
  // The socket's folder is private to our parent; a file left in it is a dead predecessor's.
  fs.rmSync(socketPath, { force: true });
  const server = await serveWire(db, socketPath);
  let stopping = false;
  const stop = async (orphaned: boolean) => {
    if (stopping) return;
    stopping = true;
    await server.close();
    await db.close().catch(() => undefined);
    lock.release();
    // A server that died cannot remove the socket's private folder; it is ours to remove.
    if (orphaned) fs.rmSync(path.dirname(socketPath), { recursive: true, force: true });
    process.exit(0);
  };
  // The IPC channel is the lifeline: it closes when the server exits, even by kill -9.
  process.on("disconnect", () => void stop(true));
  process.on("SIGTERM", () => void stop(false));
  // A Ctrl-C reaches the whole process group: the server decides when we stop.
  process.on("SIGINT", () => undefined);
  process.on("message", (message: PgliteParentMessage) => {
    if (message.t === "advertise") lock.advertise(message.adminSocket);
  });
  send({ t: "ready" });
}

const [dir, socketPath] = process.argv.slice(2);
main(dir!, socketPath!).catch((err: unknown) => {
  const failed: PgliteChildMessage = { t: "failed", message: err instanceof Error ? err.message : String(err), locked: err instanceof DataDirLockedError };
  if (process.send) process.send(failed, () => process.exit(1));
  else process.exit(1);
});
