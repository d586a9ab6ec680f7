import { spawn } from "node:child_process";
import fs from "node:fs/promises";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CgroupRecycler } from "./cgroup-recycler";
import type { SandboxRunner } from "./sandbox-runner";
import type { Cgroup } from "./cgroup";
import { sandboxHost, sandboxSkipReason, SANDBOX_TEST_DIR, testSandbox } from "../../../test/sandbox-test-kit";

const UIDS = 63_900;
const PY = 71;
const limits = { memoryBytes: 64 * 1024 * 1024, pids: 8, cores: 1 };
const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

/** Writes `bytes` into `file` from a process inside the group, so that the file's pages are charged to it. */
async function writeFromInside(group: Cgroup, file: string, bytes: number): Promise<void> {
  const writer = spawn("sh", ["-c", `read go; head -c ${bytes} /dev/zero > ${file}`], { stdio: ["pipe", "ignore", "ignore"] });
  const exited = new Promise((r) => writer.once("exit", r));
  await group.join(writer.pid!);
  writer.stdin.end("go\n");
  await exited;
}

describe.skipIf(sandboxSkipReason)("recycled cgroups", () => {
  let runner: SandboxRunner;
  beforeAll(async () => {
    // One uid: every job runs in one of the same few groups, one after the other.
    runner = await testSandbox(UIDS, { uidCount: 1, run: { cpuSeconds: 10, wallSeconds: 30 } });
  });
  afterAll(() => runner.close());

  it("show a job nothing of the one before: memory peak, CPU time, the OOM kill", async () => {
    const hog = await runner.run({ langId: PY, code: "import time\nx = b'x' * 150_000_000\nt = time.process_time()\nwhile time.process_time() - t < 0.4: pass", stdin: "" });
    expect(hog.status.id).toBe(3);
    expect(hog.memory).toBeGreaterThan(140 * 1024);
    const small = await runner.run({ langId: PY, code: "print('small')", stdin: "" });
    expect(small.stdout).toBe("small\n");
    expect(small.memory).toBeLessThan(60 * 1024);
    expect(small.time).toBeLessThan(300);
    const bomb = await runner.run({ langId: PY, code: 'a = []\nwhile True:\n    a.append(b"x" * 10**7)', stdin: "" });
    expect(bomb.status.id).toBe(12);
    for (let i = 0; i < 3; i++) {
      const after = await runner.run({ langId: PY, code: "print('fine')", stdin: "" });
      expect(after.status.id).toBe(3);
    }
  });

  it("are inert for their old holder once handed back: a late kill never reaches the next job", async () => {
    if (!sandboxHost.ok) return;
    const recycler = new CgroupRecycler(sandboxHost.cgroups, 2);
    const first = await recycler.create(`${process.pid}-recycle-test`, limits);
    await first.remove();
    await recycler.settled();
    expect(recycler.size).toBe(1);
    const second = await recycler.create(`${process.pid}-recycle-test-2`, limits);
    expect(recycler.size).toBe(0);
    const sleeper = spawn("sleep", ["30"], { stdio: "ignore" });
    const exited = new Promise((r) => sleeper.once("exit", r));
    try {
      await second.join(sleeper.pid!);
      await first.killAll();
      await new Promise((r) => setTimeout(r, 50));
      expect(alive(sleeper.pid!)).toBe(true);
      await expect(first.join(sleeper.pid!)).rejects.toThrow(/handed back/);
      await second.killAll();
      await exited;
    } finally {
      sleeper.kill("SIGKILL");
      await second.remove();
      await recycler.close();
    }
  });

  it.skipIf(!sandboxHost.ok || sandboxHost.cgroups.version !== 1)("are not reused while memory of the job before stays charged to them", async () => {
    if (!sandboxHost.ok) return;
    const recycler = new CgroupRecycler(sandboxHost.cgroups, 2);
    const file = `${SANDBOX_TEST_DIR}-charged-${process.pid}`;
    try {
      const kept = await recycler.create(`${process.pid}-recycle-charged`, limits);
      await writeFromInside(kept, file, 8 * 1024 * 1024);
      await kept.remove();
      await recycler.settled();
      expect(recycler.size).toBe(0);
      const emptied = await recycler.create(`${process.pid}-recycle-emptied`, limits);
      await writeFromInside(emptied, file, 8 * 1024 * 1024);
      await fs.rm(file);
      await emptied.remove();
      await recycler.settled();
      expect(recycler.size).toBe(1);
    } finally {
      await fs.rm(file, { force: true });
      await recycler.close();
    }
  });
});
