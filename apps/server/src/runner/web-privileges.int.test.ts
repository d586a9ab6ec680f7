import { spawn } from "node:child_process";
import fs from "node:fs/promises";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { serverRoot } from "../paths";
import { currentOwner } from "../db/data-dir-lock";

const WEB_UID = 60_901;
const notRoot = process.getuid?.() !== 0 ? "the test runs as root only (it checks what a server started as root gives up)" : null;
if (notRoot) console.warn(`\n*** SKIPPED web-privileges test: ${notRoot}\n`);

async function freePort(): Promise<number> {
  const srv = net.createServer();
  await new Promise<void>((resolve) => srv.listen(0, "127.0.0.1", resolve));
  const { port } = srv.address() as net.AddressInfo;
  await new Promise((resolve) => srv.close(resolve));
  return port;
}

const uidOf = async (pid: number) => (await fs.readFile(`/proc/${pid}/status`, "utf8")).match(/^Uid:\s+(.+)$/m)![1]!.split(/\s+/).map(Number);

describe.skipIf(notRoot)("a server started as root", () => {
  let dataDir = "";
  afterAll(() => fs.rm(dataDir, { recursive: true, force: true }));

  it("serves as an unprivileged uid that owns DATA_DIR, keeps root only in the runner, and takes the runner down with it", async () => {
    dataDir = await fs.mkdtemp(path.join(os.tmpdir(), "coderoom-privileges-"));
    await fs.mkdir(path.join(dataDir, "uploads"));
    await fs.writeFile(path.join(dataDir, "uploads", "old.png"), "x");
    const port = await freePort();
    const child = spawn(process.execPath, ["--import", "tsx", path.join(serverRoot, "src/main.ts")], {
      env: { ...process.env, PORT: String(port), HOST: "127.0.0.1", PUBLIC_URL: `http://127.0.0.1:${port}`, DATA_DIR: dataDir, DATABASE_URL: "", LOG_LEVEL: "info", WEB_UID: String(WEB_UID), SANDBOX_DIR: "/dev/shm/coderoom-test-web", SANDBOX_UID: "64600", SCRYPT_LOG_N: "12" },
      stdio: ["ignore", "pipe", "inherit"],
    });
    let out = "";
    child.stdout!.on("data", (d: Buffer) => (out += d.toString()));
    const deadline = Date.now() + 120_000;
    while (!out.includes("CodeRoom is ready") && child.exitCode === null && Date.now() < deadline) await new Promise((r) => setTimeout(r, 200));
    try {
      expect(out).toContain("CodeRoom is ready");
      expect(await uidOf(child.pid!)).toEqual([WEB_UID, WEB_UID, WEB_UID, WEB_UID]);
      for (const p of [dataDir, path.join(dataDir, "uploads", "old.png"), path.join(dataDir, "db")]) expect((await fs.stat(p)).uid).toBe(WEB_UID);
      // The embedded database runs in a process of its own, as the same unprivileged uid.
      const dbPid = currentOwner(path.join(dataDir, "db"))!.pid;
      expect(dbPid).not.toBe(child.pid);
      expect(await uidOf(dbPid)).toEqual([WEB_UID, WEB_UID, WEB_UID, WEB_UID]);
      const runnerPid = Number(/"runnerPid":(\d+)/.exec(out)![1]);
      expect((await uidOf(runnerPid))[1]).toBe(0);
      expect((await fetch(`http://127.0.0.1:${port}/readyz`)).ok).toBe(true);
      child.kill("SIGTERM");
      await new Promise((r) => child.once("exit", r));
      const gone = Date.now() + 15_000;
      while (Date.now() < gone && (await fs.access(`/proc/${runnerPid}`).then(() => true, () => false))) await new Promise((r) => setTimeout(r, 200));
      await expect(fs.access(`/proc/${runnerPid}`)).rejects.toThrow();
    } finally {
      if (child.exitCode === null) child.kill("SIGKILL");
    }
  }, 150_000);
});
