import { PassThrough } from "node:stream";
import pino from "pino";
import { describe, expect, it } from "vitest";
import { createRedisClient } from "./redis-client";

describe("createRedisClient: an outage is logged as JSON, once", () => {
  it("writes one JSON line for many failed retries, and nothing unhandled", async () => {
    const out = new PassThrough();
    const lines: string[] = [];
    out.on("data", (chunk: Buffer) => lines.push(...chunk.toString().split("\n").filter(Boolean)));
    let errors = 0;
    const client = createRedisClient("redis://127.0.0.1:1", "test", pino(out));
    client.on("error", () => (errors += 1));
    try {
      await expect.poll(() => errors, { timeout: 5000 }).toBeGreaterThanOrEqual(3);
    } finally {
      client.disconnect();
    }
    const logged = lines.map((l) => JSON.parse(l) as { msg: string; redis: string; level: number });
    expect(logged.filter((l) => l.msg === "redis connection failed; retrying")).toHaveLength(1);
    expect(logged[0]).toMatchObject({ redis: "test", level: 50 });
  });
});
