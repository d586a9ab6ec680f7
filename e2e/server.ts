import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.listen(0, "127.0.0.1", () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
    srv.on("error", reject);
  });
}

export interface RunningServer {
  url: string;
  dataDir: string;
  /** The .eml files the server wrote to its outbox, oldest first. */
  outbox(): string[];
  stop(): Promise<void>;
}

/** Starts the built server (apps/server/dist) on a free port with its own DATA_DIR. */
export async function startServer(env: Record<string, string> = {}): Promise<RunningServer> {
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "coderoom-e2e-"));
  const url = `http://127.0.0.1:${port}`;
  const child: ChildProcess = spawn(process.execPath, [path.join(repoRoot, "apps/server/dist/main.js")], {
    cwd: repoRoot,
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: String(port),
      HOST: "127.0.0.1",
      PUBLIC_URL: url,
      DATA_DIR: dataDir,
      LOG_LEVEL: "warn",
      SCRYPT_LOG_N: "12",
      DATABASE_URL: "",
      ...env,
    },
    stdio: ["ignore", "inherit", "inherit"],
  });
  // Generous: the sandbox probes every language before it is ready, minutes on a busy machine.
  const deadline = Date.now() + 150_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${url}/readyz`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error("server did not become ready in 150 s");
    await new Promise((r) => setTimeout(r, 100));
  }
  const outboxDir = path.join(dataDir, "outbox");
  return {
    url,
    dataDir,
    outbox: () =>
      fs.existsSync(outboxDir)
        ? fs.readdirSync(outboxDir).sort().map((f) => fs.readFileSync(path.join(outboxDir, f), "utf8"))
        : [],
    stop: async () => {
      if (child.exitCode === null) {
        child.kill("SIGTERM");
        await new Promise((r) => child.once("exit", r));
      }
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
