import fs from "node:fs/promises";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { SandboxRunner } from "./sandbox-runner";
import { processesOf, sandboxSkipReason, testSandbox } from "./sandbox-test-kit";

const UIDS = 63_600;
const PY = 71;
let runner: SandboxRunner;

/** This process's children that are gate launchers of the suite's uids. */
async function launchers(): Promise<number[]> {
  const found: number[] = [];
  for (const name of await fs.readdir("/proc")) {
    if (!/^\d+$/.test(name)) continue;
    const status = await fs.readFile(`/proc/${name}/status`, "utf8").catch(() => "");
    const cmdline = await fs.readFile(`/proc/${name}/cmdline`, "utf8").catch(() => "");
    const uid = Number(/^Uid:\s+(\d+)/m.exec(status)?.[1] ?? -1);
    const parent = Number(/^PPid:\s+(\d+)/m.exec(status)?.[1] ?? 0);
    if (parent === process.pid && uid >= UIDS && uid < UIDS + 16 && cmdline.endsWith("\0gate\0")) found.push(Number(name));
  }
  return found;
}

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
