import { spawn, type ChildProcess } from "node:child_process";
import process from "node:process";
import { loadConfig } from "../config";
import { createSandboxRunner } from "../execution/execution-service";
import { serveRunner } from "./runner-server";

/**
 * The runner process: the only part of CodeRoom that keeps root (the sandbox needs it
 * to drop each job to its own uid and to manage cgroups). The web process starts it as
 * `runner.js --socket PATH --owner-uid UID` (a supervisor) and talks to it over the
 * socket. The supervisor restarts the worker, which runs the jobs, whenever it dies,
 * and exits with the web process (its stdin closes).
 */
const log = {
  info: (obj: object, msg: string) => console.log(`[runner] ${msg}`, obj),
  warn: (obj: object, msg: string) => console.warn(`[runner] ${msg}`, obj),
  error: (obj: object, msg: string) => console.error(`[runner] ${msg}`, obj),
};

function arg(name: string): string | undefined {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : undefined;
}

/** Exits once the parent is gone (its end of our stdin closes). */
function exitWithParent(onExit: () => void): void {
  process.stdin.on("end", onExit);
  process.stdin.on("close", onExit);
  process.stdin.on("error", onExit);
  process.stdin.resume();
}

async function worker(socketPath: string, ownerUid: number | undefined): Promise<void> {
  const runner = await createSandboxRunner(loadConfig(), log);
  const server = await serveRunner({ runner, socketPath, ownerUid, log });
  let stopping = false;
  const stop = () => {
    if (stopping) return;
    stopping = true;
    server.close();
    void runner.close().finally(() => process.exit(0));
  };
  exitWithParent(stop);
  process.on("SIGTERM", stop);
  // Ctrl-C reaches the whole process group: the web process decides when we stop.
  process.on("SIGINT", () => undefined);
}

function supervisor(): void {
  let child: ChildProcess | null = null;
  let stopping = false;
  let restarts = 0;
  let startedAt = 0;
  const start = () => {
    startedAt = Date.now();
    child = spawn(process.execPath, [...process.execArgv, ...process.argv.slice(1), "--worker"], { stdio: ["pipe", "inherit", "inherit"] });
    child.on("exit", (code, signal) => {
      child = null;
      if (stopping) return;
      // Quick restarts first; a runner that keeps dying at once is retried more slowly.
      restarts = Date.now() - startedAt > 10_000 ? 0 : restarts + 1;
      const delay = Math.min(5_000, 100 * 2 ** Math.min(restarts, 6));
      log.warn({ code, signal, restartInMs: delay }, "the code runner stopped; restarting it");
      setTimeout(start, delay);
    });
  };
  const stop = () => {
    stopping = true;
    child?.stdin?.end();
    const current = child;
    if (!current) process.exit(0);
    const force = setTimeout(() => current.kill("SIGKILL"), 5_000);
    current.once("exit", () => {
      clearTimeout(force);
      process.exit(0);
    });
  };
  exitWithParent(stop);
  process.on("SIGTERM", stop);
  process.on("SIGINT", () => undefined);
  start();
}

const socketPath = arg("socket");
if (!socketPath) {
  console.error("usage: runner --socket PATH [--owner-uid UID]");
  process.exit(2);
}
const owner = arg("owner-uid");
if (process.argv.includes("--worker")) {
  worker(socketPath, owner === undefined ? undefined : Number(owner)).catch((err: unknown) => {
    log.error({ err }, "the code runner could not start");
    process.exit(1);
  });
} else {
  supervisor();
}
