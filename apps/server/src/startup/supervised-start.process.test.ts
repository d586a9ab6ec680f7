import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freePort, runNode, type Proc } from "../../test/server-process";
import { until } from "../../test/realtime-harness";
import { startFakeJudge0, type FakeJudge0 } from "../../test/fake-judge0";

/*
 * Issue 41 §2: `npm start` supervises the server (scripts/supervise.mjs). A server killed
 * with SIGKILL serves again, the crash is one JSON line, and SIGTERM stops both processes.
 */
let fake: FakeJudge0;
let dataDir: string;
let proc: Proc | undefined;
beforeAll(async () => {
  fake = await startFakeJudge0();
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "coderoom-supervise-"));
});
afterAll(async () => {
  await proc?.stop();
  await fake.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

/** The pids of a process's children (Linux). */
const childrenOf = (pid: number) =>
  fs
    .readFileSync(`/proc/${pid}/task/${pid}/children`, "utf8")
    .trim()
    .split(/\s+/)
    .filter(Boolean)
    .map(Number);

const ready = async (url: string) => {
  try {
    return (await fetch(`${url}/readyz`)).ok;
  } catch {
    return false;
  }
};

describe("npm start's supervisor", { timeout: 240_000 }, () => {
  it("restarts a server killed with SIGKILL, logs the crash as JSON, and stops with SIGTERM", async () => {
    const port = await freePort();
    const url = `http://127.0.0.1:${port}`;
    proc = runNode("apps/server/test/supervised-server.mjs", [], {
      PORT: String(port),
      DATA_DIR: dataDir,
      EXECUTION_BACKEND: "judge0",
      JUDGE0_URL: fake.url,
      LOG_LEVEL: "warn",
    });
    await until(() => ready(url), 90_000, "first start");
    const [first] = childrenOf(proc.child.pid!);
    expect(first).toBeGreaterThan(0);

    process.kill(first!, "SIGKILL");
    await until(() => childrenOf(proc!.child.pid!).some((pid) => pid !== first), 5_000, "a new server process");
    await until(() => ready(url), 90_000, "serving again");
    const crash = proc
      .output()
      .split("\n")
      .filter((line) => line.startsWith("{"))
      .map((line) => JSON.parse(line) as Record<string, unknown>)
      .find((line) => line.signal === "SIGKILL");
    expect(crash).toMatchObject({ level: 50, exitCode: null, signal: "SIGKILL", restarts: 1, childPid: first });
    expect(typeof crash?.time).toBe("number");

    const [second] = childrenOf(proc.child.pid!);
    expect(await proc.stop()).toBe(0);
    expect(fs.existsSync(`/proc/${second}`)).toBe(false);
  });
});
