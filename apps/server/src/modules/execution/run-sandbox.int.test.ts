import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { limits } from "@coderoom/shared/constants/limits";
import { zRunResult } from "@coderoom/shared/schemas/run";
import { Agent } from "../../../test/agent";
import { loggedInUser } from "../../../test/factories";
import { createTestApp, type TestContext } from "../../../test/test-app";
import { sandboxSkipReason, testLimits } from "../../../test/sandbox-test-kit";
import { SandboxRunner } from "../../execution/sandbox/sandbox-runner";

const BASH = 46;
const PY = 71;

describe.skipIf(sandboxSkipReason)("POST /rooms/run on the built-in sandbox", () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp({ SANDBOX_UID: "63600", RUN_CONCURRENCY: "2", RUN_QUEUE_MAX: "100", RUN_CPU_SECONDS: "2", RUN_WALL_SECONDS: "5" });
  });
  afterAll(() => ctx.close());

  it("runs Python and answers the Judge0-shaped result", async () => {
    const { agent } = await loggedInUser(ctx);
    const res = await agent.post("/rooms/run", { code: "name = input()\nprint(f'Hello, {name}!')", langId: PY, stdIn: "Ada\n" });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe("Code executed successfully");
    const result = zRunResult.parse(res.body.data);
    expect(result).toMatchObject({ status: { id: 3, description: "Accepted" }, stdout: "Hello, Ada!\n", stderr: null, exit_code: 0 });
  });

  it("offers exactly the discovered languages, each with a plain name, a versioned label and a starter", async () => {
    const res = await new Agent(ctx.app).get("/rooms/languages");
    const offered = res.body.data as { id: number; name: string }[];
    expect(offered.length).toBe(ctx.deps.execution.languages.list().length);
    expect(offered).toEqual(
      expect.arrayContaining([
        { id: PY, name: "Python", label: expect.stringMatching(/^Python \(3\.\d+\.\d+\)$/), version: expect.stringMatching(/^3\./), monacoId: "python" },
      ]),
    );
    for (const l of offered) expect(ctx.deps.languages.get(l.id)?.starter).toBeTruthy();
  });

  it("answers an unknown language with 400 and code over 512 KB or input over 64 KB with 413", async () => {
    const { agent } = await loggedInUser(ctx);
    const unknown = await agent.post("/rooms/run", { code: "x", langId: 424242, stdIn: "" });
    expect(unknown.status).toBe(400);
    expect(unknown.body.code).toBe("language_unknown");
    const big = await agent.post("/rooms/run", { code: "#".repeat(limits.codeMaxBytes + 1), langId: PY, stdIn: "" });
    expect(big.status).toBe(413);
    expect(big.body.code).toBe("payload_too_large");
    const bigInput = await agent.post("/rooms/run", { code: "print(1)", langId: PY, stdIn: "x".repeat(limits.stdinMaxBytes + 1) });
    expect(bigInput.status).toBe(413);
    const profile = await agent.get("/users/profile");
    expect(profile.body.data.codeExecutionCount).toBe(0);
  });

  it("refuses a second run of the same user while the first is running (409), politely", async () => {
    const { agent } = await loggedInUser(ctx);
    const first = agent.post("/rooms/run", { code: "sleep 1; echo first", langId: BASH, stdIn: "" });
    await expect.poll(async () => (await agent.get("/rooms/run/status")).body.data.state).toBe("running");
    const second = await agent.post("/rooms/run", { code: "echo second", langId: BASH, stdIn: "" });
    expect(second.status).toBe(409);
    expect(second.body).toEqual({ success: false, code: "run_in_progress", message: expect.stringContaining("Please wait") });
    expect((await first).body.data.stdout).toBe("first\n");
  });

  it("answers 50 simultaneous runs and stays responsive meanwhile", async () => {
    const agents = await Promise.all(Array.from({ length: 50 }, () => loggedInUser(ctx).then((u) => u.agent)));
    let pending = agents.length;
    const runs = agents.map((agent, i) =>
      agent.post("/rooms/run", { code: `echo run ${i}`, langId: BASH, stdIn: "" }).finally(() => (pending -= 1)),
    );
    const languages = await new Agent(ctx.app).get("/rooms/languages");
    const stillPending = pending;
    const results = await Promise.all(runs);
    expect(languages.status).toBe(200);
    expect(stillPending).toBeGreaterThan(0);
    results.forEach((res, i) => {
      expect(res.status).toBe(200);
      expect(res.body.data.stdout).toBe(`run ${i}\n`);
    });
  });

  it("refuses runs with 503 and the reason when the sandbox cannot run", async () => {
    const reason = "Code execution is unavailable: bubblewrap is not installed on the server (sudo apt-get install bubblewrap).";
    const off = await SandboxRunner.create({ host: { ok: false, reason }, languages: [], rootDir: "/nonexistent", uids: [1], limits: testLimits, log: console });
    const { execution } = ctx.deps;
    ctx.deps.execution = { ...execution, runner: off };
    try {
      const { agent } = await loggedInUser(ctx);
      const res = await agent.post("/rooms/run", { code: "print(1)", langId: PY, stdIn: "" });
      expect(res.status).toBe(503);
      expect(res.body).toEqual({ success: false, code: "sandbox_unavailable", message: reason });
    } finally {
      ctx.deps.execution = execution;
    }
  });
});

describe.skipIf(sandboxSkipReason)("POST /rooms/run with a small queue", () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp({ SANDBOX_UID: "63700", RUN_CONCURRENCY: "1", RUN_QUEUE_MAX: "1", RUN_WALL_SECONDS: "5" });
  });
  afterAll(() => ctx.close());

  it("reports a waiting run as queued, answers a full queue with 503, and runs the queued one after", async () => {
    const [a, b, c] = await Promise.all([loggedInUser(ctx), loggedInUser(ctx), loggedInUser(ctx)]);
    const running = a.agent.post("/rooms/run", { code: "sleep 1; echo a", langId: BASH, stdIn: "" });
    await expect.poll(async () => (await a.agent.get("/rooms/run/status")).body.data.state).toBe("running");
    const queued = b.agent.post("/rooms/run", { code: "echo b", langId: BASH, stdIn: "" });
    await expect.poll(async () => (await b.agent.get("/rooms/run/status")).body.data).toMatchObject({ state: "queued", position: 1 });
    const refused = await c.agent.post("/rooms/run", { code: "echo c", langId: BASH, stdIn: "" });
    expect(refused.status).toBe(503);
    expect(refused.body.code).toBe("run_queue_full");
    expect(refused.body.message).toMatch(/busy/);
    expect((await c.agent.get("/users/profile")).body.data.codeExecutionCount).toBe(0);
    expect((await running).body.data.stdout).toBe("a\n");
    const waited = await queued;
    expect(waited.body.data.stdout).toBe("b\n");
    expect(waited.body.message).toContain("waited in the queue");
  });
});
