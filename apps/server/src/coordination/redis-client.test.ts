import { PassThrough } from "node:stream";
import pino from "pino";
import { describe, expect, it } from "vitest";
import { createRedisClient } from "./redis-client";

/** A pino logger and the JSON lines it wrote. */
function captured() {
  const out = new PassThrough();
  const lines: string[] = [];
  out.on("data", (chunk: Buffer) => lines.push(...chunk.toString().split("\n").filter(Boolean)));
  const logged = () => lines.map((l) => JSON.parse(l) as { msg: string; redis: string; level: number });
  return { log: pino(out), logged };
}

describe("createRedisClient: an outage is logged as JSON, once", () => {
  it("writes one JSON line for many failed retries, and nothing unhandled", async () => {
    const { log, logged } = captured();
    let errors = 0;
    const { client } = createRedisClient("redis://127.0.0.1:1", "test", log);
    client.on("error", () => (errors += 1));
    try {
      await expect.poll(() => errors, { timeout: 5000 }).toBeGreaterThanOrEqual(3);
    } finally {
      client.disconnect();
    }
    const written = logged();
    expect(written.filter((l) => l.msg === "redis connection failed; retrying")).toHaveLength(1);
    expect(written[0]).toMatchObject({ redis: "test", level: 50 });
  });
});

describe("RedisConnection.close", () => {
  it("an error on a client being closed (a write after its QUIT) is the close's: a warning, no outage", async () => {
    const { log, logged } = captured();
    const { client, close } = createRedisClient("redis://127.0.0.1:1", "test", log, { lazyConnect: true });
    await close();
    client.emit("error", Object.assign(new Error("write EPIPE"), { code: "EPIPE" }));
    await expect.poll(() => logged().length).toBe(1);
    expect(logged()[0]).toMatchObject({ redis: "test", level: 40, msg: "redis error while closing" });
  });
});
