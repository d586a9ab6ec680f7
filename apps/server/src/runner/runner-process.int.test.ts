import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs/promises";
import net from "node:net";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { serverRoot } from "../paths";
import { processesOf, sandboxSkipReason } from "../../test/sandbox-test-kit";
import { RUNNER_LOST_MESSAGE, SocketRunner } from "../execution/socket-runner";
import { encodeFrame, MAX_FRAME_BYTES } from "./protocol";

const UIDS = 64_200;
const SANDBOX_DIR = "/dev/shm/coderoom-test-runner";
const SOCKET = path.join(SANDBOX_DIR, `runner-test-${process.pid}.sock`);
const BASH = 46;
const PY = 71;

const quiet = { warn: () => undefined };
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** The worker the supervisor runs now (its only child). */
async function workerPid(supervisor: number): Promise<number | null> {
  const children = (await fs.readFile(`/proc/${supervisor}/task/${supervisor}/children`, "utf8").catch(() => "")).trim();
  return children ? Number(children.split(" ")[0]) : null;
}

/** A raw connection that collects the runner's answers line by line. */
async function rawConnection(): Promise<{ socket: net.Socket; frames: () => Record<string, unknown>[]; closed: Promise<void> }> {
  const socket = net.createConnection(SOCKET);
  await new Promise<void>((resolve, reject) => socket.once("connect", resolve).once("error", reject));
  let text = "";
  socket.on("data", (d: Buffer) => (text += d.toString()));
  const closed = new Promise<void>((resolve) => socket.once("close", () => resolve()));
  return { socket, frames: () => text.split("\n").filter(Boolean).map((l) => JSON.parse(l) as Record<string, unknown>), closed };
}

describe.skipIf(sandboxSkipReason)("the runner process behind its Unix socket", () => {
  let supervisor: ChildProcess;
  let runner: SocketRunner;

  beforeAll(async () => {
    supervisor = spawn(process.execPath, ["--import", "tsx", path.join(serverRoot, "src/runner/runner-main.ts"), "--socket", SOCKET], {
      stdio: ["pipe", "ignore", "inherit"],
      env: { ...process.env, SANDBOX_DIR, SANDBOX_UID: String(UIDS), RUN_CONCURRENCY: "2", RUN_WALL_SECONDS: "10" },
    });
    runner = await SocketRunner.connect(SOCKET, quiet, 60_000);
  }, 90_000);

  afterAll(async () => {
    await runner?.close();
    supervisor.stdin?.end();
    await new Promise((r) => supervisor.once("exit", r));
  });

  it("runs a program and streams its output", async () => {
    expect(runner.unavailableReason()).toBeNull();
    expect(runner.languages.get(PY)).toBeDefined();
    const chunks: string[] = [];
    const r = await runner.run({ langId: PY, code: 'print("hi from the runner")', stdin: "" }, { onOutput: (c) => chunks.push(c.data) });
    expect(r.status.id).toBe(3);
    expect(r.stdout).toBe("hi from the runner\n");
    expect(chunks.join("")).toBe("hi from the runner\n");
  });

  it("refuses malformed, out-of-order and oversized frames, and stays up", async () => {
    const a = await rawConnection();
    a.socket.write("not json\n");
    a.socket.write(encodeFrame({ t: "submit", id: 1, job: { langId: BASH, code: "echo x", stdin: "" }, stream: false }));
    a.socket.write(encodeFrame({ t: "hello", v: 1 }));
    a.socket.write(encodeFrame({ t: "cancel", id: 99 }));
    a.socket.write(encodeFrame({ t: "submit", id: 2, job: { langId: BASH, code: "echo x", stdin: "", extra: "field" }, stream: false }));
    a.socket.write(encodeFrame({ t: "submit", id: -3, job: { langId: BASH, code: "echo x", stdin: "" }, stream: false }));
    await sleep(500);
    const got = a.frames();
    expect(got.map((f) => f.t)).toEqual(["refused", "refused", "status", "refused", "refused", "refused"]);
    expect(got[0]).toMatchObject({ reason: "not JSON" });
    expect(got[1]).toMatchObject({ id: 1, reason: "hello expected first" });
    expect(got[3]).toMatchObject({ id: 99, reason: "no such job" });

    const b = await rawConnection();
    b.socket.write(Buffer.alloc(MAX_FRAME_BYTES + 10, "x"));
    await b.closed;
    expect(b.frames()[0]).toMatchObject({ t: "refused", reason: expect.stringContaining("frame longer than") });
    a.socket.destroy();

    const r = await runner.run({ langId: BASH, code: "echo still up", stdin: "" });
    expect(r.stdout).toBe("still up\n");
  });

  it("ends a run with a clear uncounted status when the runner dies, leaves nothing of the job, and runs again after the restart", async () => {
    const pending = runner.run({ langId: BASH, code: "echo started\nsleep 30", stdin: "" }, { onOutput: () => undefined });
    await sleep(1500);
    const worker = await workerPid(supervisor.pid!);
    expect(worker).not.toBeNull();
    process.kill(worker!, "SIGKILL");
    const lost = await pending;
    expect(lost.status).toEqual({ id: 13, description: "Internal Error" });
    expect(lost.stderr).toBe(RUNNER_LOST_MESSAGE);
    const deadline = Date.now() + 60_000;
    while (runner.unavailableReason() !== null && Date.now() < deadline) await sleep(200);
    expect(runner.unavailableReason()).toBeNull();
    expect(await workerPid(supervisor.pid!)).not.toBe(worker);
    expect(await processesOf(UIDS)).toEqual([]);
    const again = await runner.run({ langId: BASH, code: "echo back", stdin: "" });
    expect(again.stdout).toBe("back\n");
  }, 90_000);
});
