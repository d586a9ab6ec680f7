import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { SandboxTools } from "./bwrap-command";
import { GateLauncher } from "./gate-launcher";
import type { SandboxRunner } from "./sandbox-runner";
import { processesOf, processTable, readProcess, sandboxSkipReason, testSandbox } from "../../../test/sandbox-test-kit";

const UIDS = 63_600;
const PY = 71;
let runner: SandboxRunner;

/** This process's children that are gate launchers of the suite's uids. */
const launchers = async () =>
  (await processTable()).filter((p) => p.parent === process.pid && p.uid >= UIDS && p.uid < UIDS + 16 && p.gateShell).map((p) => p.pid);

/** Running (a zombie waiting for its parent's reaper is not). */
const alive = async (pid: number) => (await readProcess(pid))?.zombie === false;

describe("a gate launcher's protocol", () => {
  // Rootless mode: no uid switch, so this runs wherever bash does.
  const tools = { mode: "rootless", bash: "/bin/bash" } as SandboxTools;
  let dir: string;
  beforeAll(async () => {
    dir = await fs.mkdtemp(path.join(os.tmpdir(), "gate-launcher-"));
  });
  afterAll(() => fs.rm(dir, { recursive: true, force: true }));

  /** A launch file as Gate.launch writes it, running `command` instead of bwrap. */
  async function launchFile(name: string, command: string[]): Promise<string> {
    const fields = ["/dev/null", "/dev/null", "/dev/null", "64", "8192", "1024", "10", "9", "", "/dev/null", "/dev/null", ...command];
    const file = path.join(dir, `${name}.launch`);
    await fs.writeFile(file, fields.map((f) => `${f}\0`).join(""));
    return file;
  }

  it("reports each gate's pid and the exit code of what it ran; a launch it cannot read ends that gate alone", async () => {
    const launcher = new GateLauncher(tools, 0);
    const [a, b, c] = await Promise.all([launcher.fork("a"), launcher.fork("b"), launcher.fork("c")]);
    expect(new Set([a.pid, b.pid, c.pid]).size).toBe(3);
    launcher.launch("a", await launchFile("a", ["/bin/sh", "-c", "exit 3"]), false);
    expect(await a.exited).toBe(3);
    process.kill(b.pid, "SIGKILL");
    expect(await b.exited).toBe(128 + 9);
    launcher.launch("c", path.join(dir, "missing.launch"), false);
    expect(await c.exited).toBe(125);
    expect(launcher.alive).toBe(true);
    await launcher.close();
  });

  it("closed (the runner is gone), kills every gate it forked, launched or waiting", async () => {
    const launcher = new GateLauncher(tools, 0);
    const [running, waiting] = await Promise.all([launcher.fork("running"), launcher.fork("waiting")]);
    launcher.launch("running", await launchFile("running", ["/bin/sleep", "30"]), false);
    const cmdline = () => fs.readFile(`/proc/${running.pid}/cmdline`, "utf8").catch(() => "");
    for (let i = 0; i < 100 && !(await cmdline()).startsWith("/bin/sleep"); i++) await new Promise((r) => setTimeout(r, 20));
    expect(await cmdline()).toMatch(/^\/bin\/sleep/);
    await launcher.close();
    expect(launcher.alive).toBe(false);
    expect([await running.exited, await waiting.exited]).toEqual([null, null]);
    for (let i = 0; i < 100 && ((await alive(running.pid)) || (await alive(waiting.pid))); i++) await new Promise((r) => setTimeout(r, 20));
    expect([await alive(running.pid), await alive(waiting.pid)]).toEqual([false, false]);
    await expect(launcher.fork("late")).rejects.toThrow(/exited/);
  });
});

describe.skipIf(sandboxSkipReason)("gate launchers", () => {
  beforeAll(async () => {
    runner = await testSandbox(UIDS, { run: { wallSeconds: 20, cpuSeconds: 10 } });
  });
  afterAll(() => runner.close());

  it("fork each job's gate as the job uid, and report the job's own exit code", async () => {
    const r = await runner.run({ langId: PY, code: "import os, sys\nprint(os.getuid())\nsys.exit(3)", stdin: "" });
    expect(r.exit_code).toBe(3);
    expect(Number(r.stdout)).toBeGreaterThanOrEqual(UIDS);
    expect(Number(r.stdout)).toBeLessThan(UIDS + 16);
    expect((await launchers()).length).toBeGreaterThan(0);
  });

  it("killed in the middle of a run: the run fails as an internal error, nothing of it is left, and the next run works", async () => {
    const running = runner.run({ langId: PY, code: "import time\nprint('started', flush=True)\ntime.sleep(15)", stdin: "" });
    // The job is up once a process of the suite's uids that is not a launcher's is running.
    for (let i = 0; i < 200 && (await processesOf(UIDS)).length === 0; i++) await new Promise((r) => setTimeout(r, 25));
    for (const pid of await launchers()) process.kill(pid, "SIGKILL");
    // Internal Error, not the job's own end nor the wall-clock limit (20 s) it was sleeping towards.
    const r = await running;
    expect(r.status.id).toBe(13);
    expect(await processesOf(UIDS, runner)).toEqual([]);
    const next = await runner.run({ langId: PY, code: "print('after')", stdin: "" });
    expect(next.stdout).toBe("after\n");
  });
});
