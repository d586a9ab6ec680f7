import { randomBytes } from "node:crypto";
import IORedis from "ioredis";
import { afterEach, describe, expect, it } from "vitest";
import { createTestApp, type TestContext } from "../../../test/test-app";
import { createRealtimeTestApp, type RealtimeTestContext } from "../../../test/realtime-harness";

const redisUrl = process.env.REDIS_URL ?? "redis://127.0.0.1:6379";
const contexts: TestContext[] = [];
afterEach(async () => {
  await Promise.all(contexts.splice(0).map((c) => c.close()));
});

async function app(env: Record<string, string> = {}) {
  const ctx = await createTestApp(env);
  contexts.push(ctx);
  return ctx;
}

async function realtimeApp(env: Record<string, string> = {}): Promise<RealtimeTestContext> {
  const ctx = await createRealtimeTestApp(env);
  contexts.push(ctx);
  return ctx;
}

describe("/metrics (issue 39 §5)", () => {
  it("reports HTTP latency by route and Node's event-loop delay to a local scraper", async () => {
    const { app: server } = await app();
    await server.inject({ method: "GET", url: "/healthz" });
    const res = await server.inject({ method: "GET", url: "/metrics", remoteAddress: "127.0.0.1" });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toContain("text/plain");
    expect(res.body).toMatch(/coderoom_http_request_duration_seconds_count\{method="GET",route="\/healthz",status="200"\} 1/);
    expect(res.body).toContain("coderoom_nodejs_eventloop_lag_p99_seconds");
    expect(res.body).toMatch(/coderoom_run_queue_depth 0/);
  });

  it("is hidden from requests that came through a proxy or from elsewhere", async () => {
    const { app: server } = await app();
    const proxied = await server.inject({ method: "GET", url: "/metrics", remoteAddress: "127.0.0.1", headers: { "x-forwarded-for": "203.0.113.7" } });
    const remote = await server.inject({ method: "GET", url: "/metrics", remoteAddress: "203.0.113.7" });
    expect([proxied.statusCode, remote.statusCode]).toEqual([404, 404]);
  });

  it("asks for METRICS_TOKEN when one is set, from anywhere", async () => {
    const { app: server } = await app({ METRICS_TOKEN: "scrape-secret-123" });
    const none = await server.inject({ method: "GET", url: "/metrics", remoteAddress: "127.0.0.1" });
    const wrong = await server.inject({ method: "GET", url: "/metrics", headers: { authorization: "Bearer nope" } });
    const right = await server.inject({ method: "GET", url: "/metrics", remoteAddress: "203.0.113.7", headers: { authorization: "Bearer scrape-secret-123" } });
    expect([none.statusCode, wrong.statusCode, right.statusCode]).toEqual([404, 404, 200]);
  });

  it("counts sockets and loaded rooms of the realtime layer", async () => {
    const ctx = await realtimeApp();
    const res = await ctx.app.inject({ method: "GET", url: "/metrics", remoteAddress: "127.0.0.1" });
    expect(res.body).toMatch(/coderoom_editor_sockets_open 0/);
    expect(res.body).toMatch(/coderoom_rooms_loaded 0/);
    expect(res.body).toMatch(/coderoom_ai_streams 0/);
  });
});

describe("/readyz covers Redis when set (issue 39 §5)", () => {
  it("is ready with the database and a reachable Redis, and every Redis key carries REDIS_PREFIX", async () => {
    const prefix = `test-${randomBytes(4).toString("hex")}`;
    const ctx = await realtimeApp({ REDIS_URL: redisUrl, REDIS_PREFIX: prefix });
    const res = await ctx.app.inject({ method: "GET", url: "/readyz" });
    expect(res.json()).toEqual({ status: "ready" });
    // A cross-process event is published on the adapter's channel, under the prefix.
    const listener = new IORedis(redisUrl);
    try {
      const heard: string[] = [];
      listener.on("pmessage", (_pattern: string, channel: string) => heard.push(channel));
      await listener.psubscribe(`${prefix}:*`);
      ctx.realtime.services.cluster.broadcast("roomChanged", { roomId: "ABCDEF" });
      await expect.poll(() => heard.length, { timeout: 10_000 }).toBeGreaterThan(0);
      expect(heard.every((channel) => channel.startsWith(`${prefix}:socket.io#/editor#`))).toBe(true);
    } finally {
      listener.disconnect();
      const redis = new IORedis(redisUrl);
      await redis.del(`${prefix}:socket.io`);
      redis.disconnect();
    }
  });

  it("says Redis is unavailable (503) while it cannot be reached", async () => {
    const ctx = await realtimeApp({ REDIS_URL: "redis://127.0.0.1:1" });
    const res = await ctx.app.inject({ method: "GET", url: "/readyz" });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({ status: "redis unavailable", failing: ["redis"] });
  });
});
