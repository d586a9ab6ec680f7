import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { zRunResult } from "@coderoom/shared/schemas/run";
import { Agent } from "../../../test/agent";
import { loggedInUser } from "../../../test/factories";
import { createTestApp, type TestContext } from "../../../test/test-app";
import { startFakeJudge0, type FakeJudge0 } from "../../../test/fake-judge0";
import { Judge0Runner } from "../../execution/judge0/judge0-runner";

// Quotas and the Judge0 backend over HTTP; runs go to a local Judge0-compatible fake.
let ctx: TestContext;
let fake: FakeJudge0;
beforeAll(async () => {
  fake = await startFakeJudge0();
  ctx = await createTestApp({ EXECUTION_BACKEND: "judge0", JUDGE0_URL: fake.url, JUDGE0_POLL_MS: "5" });
});
afterAll(async () => {
  await ctx.close();
  await fake.close();
});

const body = { code: 'print("hi")', langId: 71, stdIn: "" };
const runsToday = async (agent: Agent) => (await agent.get("/users/profile")).body.data.codeExecutionCount as number;

describe("POST /rooms/run on the Judge0 backend", () => {
  it("needs a session (455)", async () => {
    const res = await new Agent(ctx.app).post("/rooms/run", body);
    expect(res.status).toBe(455);
    expect(res.body.code).toBe("session_required");
  });

  it("answers the Judge0 result in the envelope, with time in ms", async () => {
    const { agent } = await loggedInUser(ctx);
    const res = await agent.post("/rooms/run", { ...body, stdIn: "input ✓" });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe("Code executed successfully");
    expect(zRunResult.parse(res.body.data)).toEqual({
      status: { id: 3, description: "Accepted" },
      stdout: `lang 71: ${body.code.length} chars\ninput ✓`,
      stderr: null,
      compile_output: null,
      time: 12,
      memory: 3120,
      exit_code: 0,
    });
  });

  it("lists the Judge0 cluster's languages under CE ids", async () => {
    const res = await new Agent(ctx.app).get("/rooms/languages");
    expect(res.body.data).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ id: 71, label: "Python (3.8.1)" }),
        expect.objectContaining({ id: 54, label: "C++ (GCC 14.1.0)" }),
      ]),
    );
  });

  it("answers an unknown language with 400", async () => {
    const { agent } = await loggedInUser(ctx);
    const res = await agent.post("/rooms/run", { ...body, langId: 9999 });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe("language_unknown");
  });

  it("answers 503 with the reason, not 400, while the Judge0 cluster cannot be reached", async () => {
    fake.setDown(true);
    const { execution } = ctx.deps;
    const down = await Judge0Runner.create({ url: fake.url, authHeader: "X-Auth-Token", maxWaitMs: 1000, log: { warn: () => undefined, error: () => undefined } });
    ctx.deps.execution = { ...execution, runner: down, languages: down.languages };
    try {
      const { agent } = await loggedInUser(ctx);
      const res = await agent.post("/rooms/run", body);
      expect(res.status).toBe(503);
      expect(res.body.code).toBe("sandbox_unavailable");
      expect(res.body.message).toMatch(/cannot be reached/);
      expect(await runsToday(agent)).toBe(0);
    } finally {
      ctx.deps.execution = execution;
      fake.setDown(false);
      await down.close();
    }
  });
});

describe("daily run quota (spec §9), counted per India day", () => {
  it("lets a Free user run 10 times a day, answers the 11th with 429 naming the limit and the upgrade, and resets at midnight IST", async () => {
    ctx.clock.set("2025-03-10T18:00:00Z"); // 23:30 in India
    const { agent } = await loggedInUser(ctx);
    for (let i = 0; i < 10; i++) expect((await agent.post("/rooms/run", body)).status).toBe(200);
    const refused = await agent.post("/rooms/run", body);
    expect(refused.status).toBe(429);
    expect(refused.body.code).toBe("run_quota_exceeded");
    expect(refused.body.message).toContain("10 code runs of the Free plan");
    expect(refused.body.message).toContain("Upgrade to Basic for 50 runs a day or to Pro for unlimited runs");
    expect(await runsToday(agent)).toBe(10);

    ctx.clock.set("2025-03-10T18:29:59Z"); // 23:59:59 in India: same day
    expect((await agent.post("/rooms/run", body)).status).toBe(429);
    ctx.clock.set("2025-03-10T18:30:00Z"); // midnight in India: a new day
    expect((await agent.post("/rooms/run", body)).status).toBe(200);
    expect(await runsToday(agent)).toBe(1);
    const state = await agent.get("/rooms/run/status");
    expect(state.body.data).toEqual({ state: "idle", position: null, runsToday: 1, runsPerDay: 10 });
  });

  it("does not reset at UTC midnight", async () => {
    ctx.clock.set("2025-03-11T23:50:00Z"); // 05:20 on the 12th in India
    const { agent } = await loggedInUser(ctx);
    for (let i = 0; i < 10; i++) await agent.post("/rooms/run", body);
    ctx.clock.set("2025-03-12T00:10:00Z"); // 05:40 on the 12th in India
    expect((await agent.post("/rooms/run", body)).status).toBe(429);
  });

  it("gives admins unlimited runs", async () => {
    ctx.clock.set("2025-03-13T06:00:00Z");
    const { agent } = await loggedInUser(ctx, { role: "ADMIN" });
    for (let i = 0; i < 12; i++) expect((await agent.post("/rooms/run", body)).status).toBe(200);
    expect(await runsToday(agent)).toBe(12);
  });

  it("does not count a run the backend refused (queue full) or failed to run (internal error)", async () => {
    ctx.clock.set("2025-03-14T06:00:00Z");
    const { agent } = await loggedInUser(ctx);
    fake.failNextSubmit(503);
    const full = await agent.post("/rooms/run", body);
    expect(full.status).toBe(503);
    expect(full.body.code).toBe("run_queue_full");
    const failed = await agent.post("/rooms/run", { ...body, code: "INTERNAL_ERROR" });
    expect(failed.status).toBe(200);
    expect(failed.body.data.status.id).toBe(13);
    expect(await runsToday(agent)).toBe(0);
  });
  it("counts a run when it finishes, so a run cut short by a crash never costs the user", async () => {
    ctx.clock.set("2025-03-15T06:00:00Z");
    const { agent } = await loggedInUser(ctx);
    const runner = ctx.deps.execution.runner;
    const original = runner.run.bind(runner);
    let finish!: () => void;
    const held = new Promise<void>((resolve) => (finish = resolve));
    runner.run = async (job, opts) => {
      await held;
      return original(job, opts);
    };
    try {
      const pending = agent.post("/rooms/run", body);
      let state = await agent.get("/rooms/run/status");
      for (let i = 0; i < 100 && state.body.data.state !== "running"; i++) {
        await new Promise((r) => setTimeout(r, 50));
        state = await agent.get("/rooms/run/status");
      }
      // Running: a crash now would leave nothing counted.
      expect(state.body.data).toMatchObject({ state: "running", runsToday: 0 });
      finish();
      expect((await pending).status).toBe(200);
      expect(await runsToday(agent)).toBe(1);
    } finally {
      runner.run = original;
    }
  });
});
