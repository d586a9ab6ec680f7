import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "./app";
import type { App } from "./http/types";
import { createTestApp, type TestContext } from "../test/test-app";
import { Agent } from "../test/agent";

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp({ CORS_ORIGINS: "https://partner.example" });
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

  it("answers a malformed or overlong URL parameter with the failure envelope, not Fastify's own body", async () => {
    const agent = new Agent(ctx.app);
    const badEncoding = await agent.get("/rooms/join/%ZZ");
    expect(badEncoding.status).toBe(400);
    expect(badEncoding.body).toEqual({ success: false, code: "validation_failed", message: "The URL is malformed" });
    const overlong = await agent.get(`/rooms/join/${"A".repeat(5000)}`);
    expect(overlong.status).toBe(414);
    expect(overlong.body).toEqual({ success: false, code: "validation_failed", message: "The URL is too long" });
    expect(overlong.headers["x-request-id"]).toBeTruthy();
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

  it("sends security headers", async () => {
    const res = await ctx.app.inject("/healthz");
    expect(res.headers["content-security-policy"]).toContain("default-src 'self'");
    expect(res.headers["x-content-type-options"]).toBe("nosniff");
    expect(res.headers["x-frame-options"]).toBe("SAMEORIGIN");
  });

  it("lets a configured origin's preflight through for PUT, DELETE and PATCH with credentials (issue 10 §1.2)", async () => {
    for (const method of ["PUT", "DELETE", "PATCH"]) {
      const res = await ctx.app.inject({
        method: "OPTIONS",
        url: "/api/v1/rooms/update/ABC123",
        headers: { origin: "https://partner.example", "access-control-request-method": method, "access-control-request-headers": "content-type" },
      });
      expect(res.statusCode, method).toBe(204);
      expect(res.headers["access-control-allow-methods"], method).toContain(method);
      expect(res.headers["access-control-allow-credentials"]).toBe("true");
      expect(String(res.headers["access-control-allow-headers"]).toLowerCase()).toContain("content-type");
    }
  });

  it("allows credentialed CORS only for configured origins", async () => {
    const preflight = (origin: string) =>
      ctx.app.inject({
        method: "OPTIONS",
        url: "/api/v1/users/login",
        headers: { origin, "access-control-request-method": "POST" },
      });
    const allowed = await preflight("https://partner.example");
    expect(allowed.headers["access-control-allow-origin"]).toBe("https://partner.example");
    expect(allowed.headers["access-control-allow-credentials"]).toBe("true");
    const refused = await preflight("https://evil.example");
    expect(refused.headers["access-control-allow-origin"]).toBeUndefined();
  });
});

describe("serving the web app", () => {
  let app: App;
  beforeAll(async () => {
    const webDir = path.join(ctx.dataDir, "web");
    fs.mkdirSync(path.join(webDir, "assets"), { recursive: true });
    fs.writeFileSync(path.join(webDir, "index.html"), "<!doctype html><div id=root></div>");
    fs.writeFileSync(path.join(webDir, "assets", "app-1234.js"), "console.log(1)");
    fs.writeFileSync(path.join(webDir, "assets", "app-1234.js.br"), zlib.brotliCompressSync("console.log(1)"));
    app = await buildApp(ctx.deps, { webDir });
  });
  afterAll(() => app.close());

  it("renders known pages through the SPA with 200", async () => {
    for (const url of ["/", "/dashboard", "/playground/ABC123", "/resetpassword/tok"]) {
      const res = await app.inject(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.body).toContain('<div id=root>');
    }
  });

  it("renders /playground without an id with 200: the app sends it on to /dashboard", async () => {
    for (const url of ["/playground", "/playground/"]) expect((await app.inject(url)).statusCode, url).toBe(200);
    expect((await app.inject("/playground/ABC123/extra")).statusCode).toBe(404);
  });

  it("points /favicon.ico at the SVG favicon", async () => {
    const res = await app.inject("/favicon.ico");
    expect(res.statusCode).toBe(301);
    expect(res.headers.location).toBe("/favicon.svg");
  });

  it("renders unknown pages through the SPA with 404, so the not-found page shows", async () => {
    const res = await app.inject("/no/such/page");
    expect(res.statusCode).toBe(404);
    expect(res.headers["content-type"]).toContain("text/html");
  });

  it("serves hashed assets as immutable", async () => {
    const res = await app.inject("/assets/app-1234.js");
    expect(res.statusCode).toBe(200);
    expect(res.headers["cache-control"]).toContain("immutable");
  });

  it("sends the build's precompressed variant to clients that accept it", async () => {
    const res = await app.inject({ url: "/assets/app-1234.js", headers: { "accept-encoding": "gzip, br" } });
    expect(res.headers["content-encoding"]).toBe("br");
    expect(zlib.brotliDecompressSync(res.rawPayload).toString()).toBe("console.log(1)");
    const plain = await app.inject({ url: "/assets/app-1234.js", headers: { "accept-encoding": "identity" } });
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.body).toBe("console.log(1)");
  });

  it("still answers unknown /api paths with JSON, /api itself included", async () => {
    for (const url of ["/api/v1/nope", "/api", "/api/", "/api/anything"]) {
      const res = await app.inject(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.json(), url).toMatchObject({ success: false, code: "route_not_found" });
    }
  });
});
