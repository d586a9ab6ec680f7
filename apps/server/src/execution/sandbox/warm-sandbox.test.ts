import fs from "node:fs/promises";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { SandboxRunner } from "./sandbox-runner";
import { processesOf, sandboxSkipReason, testSandbox } from "../../../test/sandbox-test-kit";

const UIDS = 63_800;
const PY = 71;
let runner: SandboxRunner;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Waits (up to 10 s: a loaded CI machine sets sandboxes up slowly) for `count` warm sandboxes. */
async function warmed(count: number): Promise<void> {
  for (let i = 0; i < 200 && runner.warm!.size < count; i++) await sleep(50);
  expect(runner.warm!.size).toBeGreaterThanOrEqual(count);
}

/** The cpu.shares file (cgroup v1) or cpu.weight file (v2) of the group a process is in. */
async function cpuWeightFile(pid: number): Promise<string> {
  const lines = (await fs.readFile(`/proc/${pid}/cgroup`, "utf8")).split("\n");
  const v1 = lines.map((l) => l.split(":")).find(([, controllers]) => controllers?.split(",").includes("cpu"));
  if (v1) return `/sys/fs/cgroup/${v1[1]}${v1[2]}/cpu.shares`;
  return `/sys/fs/cgroup${lines.find((l) => l.startsWith("0::"))!.slice(3)}/cpu.weight`;
}

describe.skipIf(sandboxSkipReason)("warm sandboxes", () => {
  beforeAll(async () => {
    // Idle time well above a slow set-up, so a sandbox is not swept before the test takes it.
    runner = await testSandbox(UIDS, { warm: { maxPerKey: 2, idleMs: 5_000 } });
  });
  afterAll(() => runner.close());

  it("serve one job each: nothing job A leaves (files, processes) is visible to job B", async () => {
    await runner.run({ langId: PY, code: "print('first, cold')", stdin: "" });
    await warmed(1);
    const hits = runner.warm!.hits;
    const a = await runner.run({
      langId: PY,
      code: `import subprocess
open("/box/left-by-a.txt", "w").write("a")
open("/tmp/left-by-a.txt", "w").write("a")
subprocess.Popen(["sleep", "100"], start_new_session=True)
print("a done")`,
      stdin: "",
    });
    expect(a.stdout).toBe("a done\n");
    await warmed(1);
    const b = await runner.run({
      langId: PY,
      code: `import os
print([p for p in ["/box/left-by-a.txt", "/tmp/left-by-a.txt"] if os.path.exists(p)])
print(sorted(open(f"/proc/{p}/cmdline", "rb").read().split(b"\\0")[0].decode() for p in os.listdir("/proc") if p.isdigit()))
print(os.listdir("/box"))`,
      stdin: "",
    });
    expect(runner.warm!.hits).toBe(hits + 2);
    const [files, procs, box] = (b.stdout ?? "").trim().split("\n");
    expect(files).toBe("[]");
    expect(procs).not.toContain("sleep");
    expect(box).toBe("['main.py']");
  });

  it("are set up at the least CPU weight and run their job at the normal weight", async () => {
    await warmed(1);
    await runner.warm!.settled();
    const file = await cpuWeightFile(runner.warmPids()[0]!);
    const least = file.endsWith("cpu.shares") ? "2" : "1";
    const normal = file.endsWith("cpu.shares") ? "1024" : "100";
    expect((await fs.readFile(file, "utf8")).trim()).toBe(least);
    const job = runner.run({ langId: PY, code: "import time\ntime.sleep(1)", stdin: "" });
    let seen = least;
    for (let i = 0; i < 100 && seen === least; i++) {
      await sleep(10);
      seen = (await fs.readFile(file, "utf8").catch(() => least)).trim();
    }
    expect(seen).toBe(normal);
    expect((await job).status.id).toBe(3);
  });

  it("take the job's stdin, pass no descriptor of the set-up on, and report the job's own CPU time", async () => {
    await warmed(1);
    const code = "import sys, os\nprint(sys.stdin.read().upper(), end='')\nprint(sorted(os.listdir('/proc/self/fd'), key=int))";
    const r = await runner.run({ langId: PY, code, stdin: "warm input\n" });
    expect(r.status.id).toBe(3);
    expect(r.stdout).toBe("WARM INPUT\n['0', '1', '2', '3']\n");
    expect(r.time).toBeLessThan(1000);
  });

  it("are all destroyed once their language is idle, leaving no process", async () => {
    // Swept within idleMs plus one sweep interval (10 s), then killed: waits for that rather than a fixed time.
    const gone = async () => runner.warm!.size === 0 && (await processesOf(UIDS)).length === 0;
    for (const until = Date.now() + 20_000; Date.now() < until && !(await gone()); ) await sleep(50);
    expect(runner.warm!.size).toBe(0);
    expect(await processesOf(UIDS)).toEqual([]);
  });
});
