import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestContext } from "../test/test-app";
import { Agent } from "../test/agent";

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

describe("app shell", () => {
  it("answers /healthz and /readyz", async () => {
    expect((await ctx.app.inject("/healthz")).json()).toEqual({ status: "ok" });
    expect((await ctx.app.inject("/readyz")).json()).toEqual({ status: "ready" });
  });

  it("answers unknown /api paths with a JSON 404 envelope", async () => {
    const res = await new Agent(ctx.app).get("/api/v1/no-such-thing");
    expect(res.status).toBe(404);
    expect(res.body).toMatchObject({ success: false, code: "route_not_found" });
  });

  it("serves the OpenAPI document", async () => {
    const res = await ctx.app.inject("/api/docs/json");
    expect(res.statusCode).toBe(200);
    expect(res.json().openapi).toMatch(/^3\./);
  });

  it("echoes a request id on every answer", async () => {
    const res = await ctx.app.inject({ url: "/healthz", headers: { "x-request-id": "abc-123" } });
    expect(res.headers["x-request-id"]).toBe("abc-123");
  });
});
