import { spawn } from "node:child_process";
import fs from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";

/** The runner's entry next to this module: runner.js beside the bundled main.js, or the source under tsx. */
function runnerScript(): string {
  const here = fileURLToPath(import.meta.url);
  return here.endsWith(".ts") ? path.join(path.dirname(here), "runner-main.ts") : path.join(path.dirname(here), "runner.js");
}

export interface RunnerProcess {
  socketPath: string;
  pid: number;
}

/**
 * Starts the runner supervisor (as root, before the web process drops its privileges;
 * or, started without root, as this same uid). Its socket lives in SANDBOX_DIR (0711)
 * under this process's pid, so several instances on one host never share one; only
 * `ownerUid` (without it: this uid) may connect to it. It runs `script` (default: the
 * runner beside this module) with `nodeFlags` (default: this process's own).
 */
export async function spawnRunner(opts: { sandboxDir: string; ownerUid?: number; script?: string; nodeFlags?: string[] }): Promise<RunnerProcess> {
  const script = opts.script ?? runnerScript();
  await fs.access(script).catch(() => {
    throw new Error(`the code runner ${script} is missing: build the server again (npm run build)`);
  });
  await fs.mkdir(opts.sandboxDir, { recursive: true, mode: 0o711 });
  // Without root, a SANDBOX_DIR that root made earlier is not ours: say so here, not after the runner failed.
  await fs.access(opts.sandboxDir, fs.constants.W_OK).catch(() => {
    throw new Error(`SANDBOX_DIR ${opts.sandboxDir} is not writable by uid ${process.getuid?.() ?? "?"}`);
  });
  const socketPath = path.join(opts.sandboxDir, `runner-${process.pid}.sock`);
  const owner = opts.ownerUid === undefined ? [] : ["--owner-uid", String(opts.ownerUid)];
  const child = spawn(process.execPath, [...(opts.nodeFlags ?? process.execArgv), script, "--socket", socketPath, ...owner], {
    // stdin is the lifeline: the runner exits when it closes (this process died).
    stdio: ["pipe", "inherit", "inherit"],
    // Its own process group: a Ctrl-C meant for the server does not kill jobs mid-run; it stops with us.
    detached: true,
  });
  child.on("error", () => undefined);
  if (child.pid === undefined) throw new Error("could not start the code runner process");
  return { socketPath, pid: child.pid };
}
