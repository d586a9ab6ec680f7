import { spawn, type ChildProcess } from "node:child_process";
import net from "node:net";
import { repoRoot } from "../src/paths";

/** A free TCP port on 127.0.0.1 (closed again; the caller binds it soon after). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.listen(0, "127.0.0.1", () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
    srv.on("error", reject);
  });
}

/** A process of ours with everything it printed, stdout and stderr interleaved. */
export interface Proc {
  child: ChildProcess;
  output(): string;
  exited: Promise<number>;
  stop(): Promise<number>;
}

/**
 * Runs `node --import tsx <script> ...args` from the repo root with a test environment
 * (a built .js script runs without tsx).
 */
export function runNode(script: string, args: string[], env: Record<string, string | undefined>): Proc {
  const base = { ...process.env };
  // The parent's settings must not leak into the child: each test says what it means.
  for (const key of ["PUBLIC_URL", "WEB_URL", "DATABASE_URL", "CORS_ORIGINS", "PORT", "LOG_LEVEL"]) delete base[key];
  const loader = script.endsWith(".js") || script.endsWith(".mjs") ? [] : ["--import", "tsx"];
  const child = spawn(process.execPath, [...loader, script, ...args], {
    cwd: repoRoot,
    env: { ...base, NODE_ENV: "production", HOST: "127.0.0.1", SCRYPT_LOG_N: "12", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let out = "";
  child.stdout!.on("data", (d: Buffer) => (out += d.toString()));
  child.stderr!.on("data", (d: Buffer) => (out += d.toString()));
  const exited = new Promise<number>((resolve) => child.once("exit", (code, signal) => resolve(code ?? (signal ? 128 : 1))));
  return {
    child,
    output: () => out,
    exited,
    stop: async () => {
      if (child.exitCode === null && child.signalCode === null) child.kill("SIGTERM");
      return exited;
    },
  };
}

/**
 * Starts the server (src/main.ts, or `opts.script`, e.g. a built main.js) and waits until
 * /readyz answers on `port`.
 */
export async function startServerProcess(
  env: Record<string, string | undefined> & { PORT: string },
  opts: { script?: string; readyMs?: number } = {},
): Promise<Proc & { url: string }> {
  const proc = runNode(opts.script ?? "apps/server/src/main.ts", [], env);
  const url = `http://127.0.0.1:${env.PORT}`;
  const readyMs = opts.readyMs ?? 90_000;
  const deadline = Date.now() + readyMs;
  for (;;) {
    if (proc.child.exitCode !== null) throw new Error(`server exited with ${proc.child.exitCode}:\n${proc.output()}`);
    try {
      if ((await fetch(`${url}/readyz`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      await proc.stop();
      throw new Error(`server did not become ready in ${readyMs / 1000} s:\n${proc.output()}`);
    }
    await new Promise((r) => setTimeout(r, 150));
  }
  return { ...proc, url };
}

/** `npm run admin -- ...args` as a user types it (same entry point), to completion. */
export async function runAdminCli(args: string[], env: Record<string, string | undefined>) {
  const proc = runNode("apps/server/src/cli/admin.ts", args, env);
  const code = await proc.exited;
  return { code, output: proc.output() };
}
