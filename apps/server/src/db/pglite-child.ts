import { fork, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { lockFileOf } from "./data-dir-lock";
import type { PgliteChildMessage, PgliteParentMessage } from "./pglite-process";

/** Where the supervisor reports a restart. */
export interface PgliteChildLog {
  warn(obj: object, msg: string): void;
}

/** The embedded database's process, as the web process sees it. */
export interface PgliteChild {
  /** The private (0700) folder holding its socket, `.s.PGSQL.5432` as node-postgres names it. */
  socketDir: string;
  /** The data folder's lock file (the child owns it). */
  lockFile: string;
  pid(): number | undefined;
  /** Records the admin socket in the lock file, now and after every restart. */
  advertise(adminSocket: string): void;
  /** Serves the database from a new process, started once the current one has stopped. */
  renew(): Promise<void>;
  stop(): Promise<void>;
}

/** pglite-process.js beside the bundled main.js, or the source under tsx (tests, `npm run admin`). */
function childScript(): { script: string; execArgv: string[] } {
  const here = fileURLToPath(import.meta.url);
  return here.endsWith(".ts")
    ? { script: path.join(path.dirname(here), "pglite-process.ts"), execArgv: ["--import", "tsx"] }
    : { script: path.join(path.dirname(here), "pglite-process.js"), execArgv: [] };
}

const RESTART_DELAYS_MS = [100, 500, 1000, 5000];

/** Stops a child (it closes the database and releases the folder's lock) and waits for it. */
async function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once("exit", resolve));
  child.kill("SIGTERM");
  await exited;
}

/** Starts one child and resolves once it serves, or rejects with the reason it gave. */
function spawnChild(dir: string, socketPath: string): Promise<ChildProcess> {
  const { script, execArgv } = childScript();
  // The IPC channel is its lifeline: it exits when this process goes, even by kill -9.
  const child = fork(script, [dir, socketPath], { execArgv, stdio: ["ignore", "inherit", "inherit", "ipc"] });
  return new Promise((resolve, reject) => {
    const onExit = (code: number | null, signal: string | null) =>
      reject(new Error(`the embedded database process stopped while starting (${signal ?? `exit ${code}`})`));
    child.once("exit", onExit);
    child.once("error", reject);
    child.on("message", (message: PgliteChildMessage) => {
      if (message.t === "failed") reject(new Error(message.message));
      if (message.t !== "ready") return;
      child.off("exit", onExit);
      resolve(child);
    });
  });
}

/**
 * Runs PGlite on `dir` in a child process of its own, serving the PostgreSQL protocol on
 * a Unix socket, and supervises it: when it dies it is started again (the pool reconnects
 * by itself). Throws when the first start fails, e.g. another process owns the folder.
 */
export async function startPgliteChild(opts: { dir: string; log?: PgliteChildLog }): Promise<PgliteChild> {
  const socketDir = fs.mkdtempSync(path.join(os.tmpdir(), "coderoom-db-"));
  const socketPath = path.join(socketDir, ".s.PGSQL.5432");
  let adminSocket: string | undefined;
  let stopping = false;
  let renewing = false;
  let failures = 0;
  let child: ChildProcess;
  const tell = (message: PgliteParentMessage) => child.connected && child.send(message);
  const supervise = () =>
    child.once("exit", (code, signal) => {
      if (stopping || renewing) return;
      const delay = RESTART_DELAYS_MS[Math.min(failures++, RESTART_DELAYS_MS.length - 1)]!;
      opts.log?.warn({ code, signal, restartInMs: delay }, "the embedded database process stopped; starting it again");
      setTimeout(restart, delay).unref();
    });
  const restart = () => {
    if (stopping) return;
    spawnChild(opts.dir, socketPath).then(
      (next) => {
        child = next;
        failures = 0;
        if (adminSocket) tell({ t: "advertise", adminSocket });
        supervise();
        if (stopping) next.kill("SIGTERM");
      },
      (err: unknown) => {
        opts.log?.warn({ err }, "the embedded database process could not start again");
        setTimeout(restart, RESTART_DELAYS_MS[Math.min(failures++, RESTART_DELAYS_MS.length - 1)]!).unref();
      },
    );
  };
  try {
    // Creating the database (initdb) leaves the process holding ~3 times the memory it
    // needs afterwards, which WebAssembly never gives back: a new database is created by a
    // first process, then served by a second.
    const creating = !fs.existsSync(path.join(opts.dir, "PG_VERSION"));
    child = await spawnChild(opts.dir, socketPath);
    if (creating) {
      await stopChild(child);
      child = await spawnChild(opts.dir, socketPath);
    }
  } catch (err) {
    fs.rmSync(socketDir, { recursive: true, force: true });
    throw err;
  }
  supervise();
  return {
    socketDir,
    lockFile: lockFileOf(opts.dir),
    pid: () => child.pid,
    advertise(path) {
      adminSocket = path;
      tell({ t: "advertise", adminSocket });
    },
    // Throws when the new process cannot start (then nothing serves the database).
    async renew() {
      renewing = true;
      try {
        await stopChild(child);
        child = await spawnChild(opts.dir, socketPath);
      } finally {
        renewing = false;
      }
      if (adminSocket) tell({ t: "advertise", adminSocket });
      supervise();
    },
    stop: async () => {
      stopping = true;
      await stopChild(child);
      fs.rmSync(socketDir, { recursive: true, force: true });
    },
  };
}
