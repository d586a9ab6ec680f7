import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestContext } from "../../test/test-app";
import { rawExchange, rawJsonBody } from "../../test/raw-socket";

// Finding 10 of issue 11: answers Node or a plugin wrote on its own, outside the envelope.
let ctx: TestContext;
let port: number;
beforeAll(async () => {
  ctx = await createTestApp();
  await ctx.app.listen({ port: 0, host: "127.0.0.1" });
  port = (ctx.app.server.address() as AddressInfo).port;
});
afterAll(() => ctx.close());

const request = (headers: string) => `GET /api/v1/users/profile HTTP/1.1\r\nHost: 127.0.0.1\r\n${headers}\r\n`;

describe("every error answer is the JSON envelope", () => {
  it("an over-large header gets 431 in the envelope", async () => {
    const outcome = await rawExchange(port, [{ afterMs: 0, data: request(`Cookie: a=${"x".repeat(40_000)}\r\n`) }], 5000);
    expect(outcome.data).toMatch(/^HTTP\/1\.1 431 /);
    expect(outcome.data).toMatch(/content-type: application\/json/i);
    expect(rawJsonBody(outcome.data)).toEqual({ success: false, code: "headers_too_large", message: "The request headers are too large" });
  });

  it("a malformed Cookie header gets 400 in the envelope", async () => {
    const outcome = await rawExchange(port, [{ afterMs: 0, data: Buffer.from(request("Cookie: coderoom_session=a\u0001b\r\n"), "latin1") }], 5000);
    expect(outcome.data).toMatch(/^HTTP\/1\.1 400 /);
    expect(rawJsonBody(outcome.data)).toEqual({ success: false, code: "malformed_request", message: "The request is malformed" });
  });

  it("a cookie that does not parse is treated as no session (455 envelope)", async () => {
    const res = await ctx.app.inject({ url: "/api/v1/users/profile", headers: { cookie: 'coderoom_session=%E0%A4%A; =;;"' } });
    expect(res.statusCode).toBe(455);
    expect(res.json()).toMatchObject({ success: false, code: "session_required" });
  });

  it("a CORS preflight without Origin gets 400 in the envelope", async () => {
    const res = await ctx.app.inject({ method: "OPTIONS", url: "/api/v1/users/login", headers: { "access-control-request-method": "POST" } });
    expect(res.statusCode).toBe(400);
    expect(res.headers["content-type"]).toMatch(/^application\/json/);
    expect(res.json()).toEqual({ success: false, code: "validation_failed", message: "A CORS preflight request needs an Origin header" });
  });
});
