import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { zExecutionSetup } from "@coderoom/shared/schemas/execution-setup";
import { Agent } from "../../../test/agent";
import { loggedInUser } from "../../../test/factories";
import { createTestApp, type TestContext } from "../../../test/test-app";

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

describe("GET /execution/setup", () => {
  it("tells an admin what runs here and how to add the rest", async () => {
    const { agent } = await loggedInUser(ctx, { role: "ADMIN" });
    const res = await agent.get("/execution/setup");
    expect(res.status).toBe(200);
    const setup = zExecutionSetup.parse(res.body.data);
    expect(setup.offered).toBe((await agent.get("/rooms/languages")).body.data.length);
    expect(setup.reason).toBe(ctx.deps.execution.runner.unavailableReason());
  });

  it("is for admins only (403), and needs a session (455)", async () => {
    const { agent } = await loggedInUser(ctx);
    expect((await agent.get("/execution/setup")).status).toBe(403);
    expect((await new Agent(ctx.app).get("/execution/setup")).status).toBe(455);
  });
});
