import { setTimeout as sleep } from "node:timers/promises";
import { afterAll, beforeAll, expect, it } from "vitest";
import { collabTextName } from "@coderoom/shared/schemas/realtime";
import { privateRedis } from "../../../test/cluster-harness";
import { sharedPostgresAndRedis, type SharedInfra } from "../../../test/cluster-infra";
import { closeCollab, collabClient, until } from "../../../test/realtime-harness";

// Two server processes on one PostgreSQL and a Redis of this test's own, stopped and started again.
let cluster: SharedInfra;
let redis: Awaited<ReturnType<typeof privateRedis>> | null = null;
let skipReason: string | null = null;

beforeAll(async () => {
  cluster = await sharedPostgresAndRedis();
  skipReason = cluster.skipReason;
  if (!skipReason) redis = await privateRedis().catch(() => null);
  if (!skipReason && !redis) skipReason = "redis-server could not be started";
  if (skipReason) console.warn(`SKIPPED Redis outage catch-up test: ${skipReason}`);
});

afterAll(async () => {
  await cluster?.close();
  await redis?.stop();
});

it("edits made on each process while Redis was down reach the other once it is back", async (t) => {
  if (skipReason || !redis) return t.skip();
  const first = await cluster.start({ SEED_USERS: "2", SEED_ROOMS: "1", SEED_CODE: "shared\n", REDIS_URL: redis.url });
  const second = await cluster.start({ REDIS_URL: redis.url });
  const roomId = first.roomIds[0]!;
  const a = collabClient(first.url, roomId, first.tokens[0]);
  const b = collabClient(second.url, roomId, first.tokens[1]);
  const textOf = (p: typeof a) => p.document.getText(collabTextName).toString();
  await until(() => a.isSynced && b.isSynced, 15_000, "providers synced");
  a.document.getText(collabTextName).insert(0, "before\n");
  await until(() => textOf(b).includes("before"), 10_000, "cross-process sync before the outage");

  await redis.stop();
  // Each client's process takes its edit (the client's own connection is up), but cannot publish it.
  a.document.getText(collabTextName).insert(0, "during the outage on 1\n");
  b.document.getText(collabTextName).insert(0, "during the outage on 2\n");
  await sleep(3000);
  await redis.start();

  const lines = ["before", "during the outage on 1", "during the outage on 2"];
  const converged = () => textOf(a) === textOf(b) && lines.every((l) => textOf(a).includes(l));
  await until(converged, 20_000, "convergence after Redis is back").catch(() => undefined);
  expect([textOf(a), textOf(b)].map((text) => lines.filter((l) => text.includes(l)))).toEqual([lines, lines]);
  expect(textOf(a)).toBe(textOf(b));
  closeCollab(a);
  closeCollab(b);
}, 90_000);
