// A real CodeRoom server (HTTP + /editor + /collab) in its own process, for the kill -9
// durability test and the collaboration benchmark. Seeds SEED_USERS users (with sessions)
// and SEED_ROOMS rooms (in language SEED_LANGUAGE_ID, else the first offered) when asked,
// then prints one JSON line: { port, tokens, roomIds, userIds, languages, runnerUnavailable }.
import { randomBytes } from "node:crypto";
import type { AddressInfo } from "node:net";
import { monitorEventLoopDelay } from "node:perf_hooks";
import { buildApp } from "../src/app";
import { loadConfig } from "../src/config";
import { createCoordination } from "../src/coordination/create-coordination";
import { openDb } from "../src/db/client";
import { migrate } from "../src/db/migrate";
import { roomMembers, rooms } from "../src/db/schema/rooms";
import { users } from "../src/db/schema/users";
import type { AppDeps } from "../src/deps";
import { createExecutionService } from "../src/execution/execution-service";
import { DomainEventBus } from "../src/events";
import { generateRoomId } from "../src/modules/rooms/room-id";
import { createSession } from "../src/modules/users/sessions";
import { attachRealtime } from "../src/realtime/attach-realtime";
import { watchGcPauses } from "./gc-pauses";

const config = loadConfig({ LOG_LEVEL: "warn", NODE_ENV: "production", ...process.env });
const db = await openDb({ url: config.DATABASE_URL, pgliteDir: config.pgliteDir });
await migrate(db);
const quiet = () => undefined;
const execution = await createExecutionService(config, { info: quiet, warn: quiet, error: quiet });
const deps: AppDeps = {
  config,
  db,
  events: new DomainEventBus(),
  mailer: { send: async () => undefined },
  now: () => new Date(),
  languages: execution.languages,
  execution,
  coordination: createCoordination(config, { error: (obj, msg) => console.error(msg, obj), warn: quiet }),
};

const tokens: string[] = [];
const roomIds: string[] = [];
const userIds: string[] = [];
const seedUsers = Number(process.env.SEED_USERS ?? 0);
if (seedUsers > 0) {
  const made = await db.db
    .insert(users)
    .values(Array.from({ length: seedUsers }, (_, i) => ({ fullName: `Seed ${i}`, email: `seed-${i}-${randomBytes(4).toString("hex")}@test.local` })))
    .returning();
  for (const u of made) tokens.push(await createSession(db.db, { userId: u.id, ttlMs: 86_400_000, now: new Date() }));
  userIds.push(...made.map((u) => u.id));
  const offered = execution.languages.list();
  const language = offered.find((l) => l.id === Number(process.env.SEED_LANGUAGE_ID)) ?? offered[0] ?? { id: 71, name: "Python" };
  const code = process.env.SEED_CODE ?? "";
  for (let i = 0; i < Number(process.env.SEED_ROOMS ?? 0); i += 1) {
    const [room] = await db.db
      .insert(rooms)
      .values({ id: generateRoomId(), name: `Seed room ${i}`, languageId: language.id, languageName: language.name, ownerId: made[0]!.id, code, anyoneCanEdit: true })
      .returning();
    roomIds.push(room!.id);
    // Every seeded user has joined every seeded room (only members open a document on /collab).
    await db.db.insert(roomMembers).values(made.map((u) => ({ roomId: room!.id, userId: u.id, joinedAt: new Date() }))).onConflictDoNothing();
  }
}

const app = await buildApp(deps);
const realtime = attachRealtime(app, deps);
await app.listen({ port: 0, host: "127.0.0.1" });
const { port } = app.server.address() as AddressInfo;
const languages = execution.languages.list().map((l) => l.id);
const runnerUnavailable = execution.runner.unavailableReason();
process.stdout.write(`${JSON.stringify({ port, tokens, roomIds, userIds, languages, runnerUnavailable, pid: process.pid })}\n`);
// Event-loop delay, printed to stderr at exit: how long the server made messages wait.
const lag = monitorEventLoopDelay({ resolution: 10 });
lag.enable();
const ms = (ns: number) => (ns / 1e6).toFixed(1);
// Garbage-collection pauses by kind (scavenges vs mark-compact): their share of the delay.
const gc = watchGcPauses();
const memory = () =>
  Object.entries(process.memoryUsage())
    .map(([k, v]) => `${k} ${Math.round(v / 2 ** 20)} MB`)
    .join(", ");
const printLag = (when: string) =>
  process.stderr.write(
    `server event-loop delay ${when}: p50 ${ms(lag.percentile(50))} ms, p99 ${ms(lag.percentile(99))} ms, max ${ms(lag.max)} ms; GC: ${gc.summary()}; memory: ${memory()}\n`,
  );
// The benchmark signals the start of its measured phase (reset) and its end (print).
let measuring = false;
process.on("SIGUSR2", () => {
  if (measuring) printLag("during the measured phase");
  else {
    lag.reset();
    gc.reset();
  }
  measuring = !measuring;
});
process.on("SIGTERM", () => {
  printLag("until shutdown");
  void realtime
    .close()
    .then(() => app.close())
    .then(() => execution.close())
    .then(() => deps.coordination.close())
    .then(() => db.close())
    .finally(() => process.exit(0));
});
