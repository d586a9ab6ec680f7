// Keeps the web server running for `npm start`: a server that dies (any exit but a clean one,
// or one after SIGINT/SIGTERM reached this process) is started again after RESTART_DELAY_MS.
// Each crash is one JSON line on stderr in the server's own log format (pino's level numbers).
// A server that keeps dying soon after it starts is given up on, also said in a JSON line.
import { spawn } from "node:child_process";

const RESTART_DELAY_MS = 500;
/** A crash this soon after its start counts as "fast"; MAX_FAST_CRASHES of them in a row end it. */
const FAST_CRASH_MS = 30_000;
const MAX_FAST_CRASHES = 5;
const ERROR = 50;
const FATAL = 60;

/**
 * Runs `command args` under supervision. SIGINT/SIGTERM are forwarded to the child and this
 * process then exits with it. `quiet` silences the crash lines (LOG_LEVEL=silent).
 */
export function supervise(command, args, options, { quiet = false } = {}) {
  const log = (level, msg, fields) => {
    if (!quiet) process.stderr.write(`${JSON.stringify({ level, time: Date.now(), pid: process.pid, msg, ...fields })}\n`);
  };
  let child;
  let stopping = false;
  let restarts = 0;
  let fastCrashes = 0;

  const start = () => {
    const startedAt = Date.now();
    child = spawn(command, args, options);
    child.on("exit", (code, signal) => {
      if (stopping || code === 0) process.exit(code ?? 0);
      fastCrashes = Date.now() - startedAt < FAST_CRASH_MS ? fastCrashes + 1 : 1;
      const exit = { exitCode: code, signal, restarts, childPid: child.pid };
      if (fastCrashes >= MAX_FAST_CRASHES) {
        log(FATAL, `server died ${fastCrashes} times within ${FAST_CRASH_MS / 1000} s of starting; giving up`, exit);
        process.exit(code ?? 1);
      }
      restarts += 1;
      log(ERROR, `server died; restarting in ${RESTART_DELAY_MS} ms`, { ...exit, restarts });
      setTimeout(() => {
        if (!stopping) start();
      }, RESTART_DELAY_MS);
    });
  };
  for (const signal of ["SIGINT", "SIGTERM"]) {
    process.on(signal, () => {
      stopping = true;
      // Between a crash and its restart there is no child: nothing to wait for.
      if (child.exitCode !== null || child.signalCode !== null) process.exit(0);
      child.kill(signal);
    });
  }
  start();
}
