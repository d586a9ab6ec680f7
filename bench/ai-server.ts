// Child process of ai.bench.ts: the real app with the realtime layer (Socket.IO /editor,
// Hocuspocus) on embedded PGlite, seeded with rooms and users, its assistant pointed at
// the bench's fake provider (AI_BASE_URL). Prints one JSON line when ready; on a line
// "reset" / "report" on stdin it resets / prints its event-loop delay figures.
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { Session } from "node:inspector/promises";
import { monitorEventLoopDelay } from "node:perf_hooks";
import { createInterface } from "node:readline";
import { buildApp } from "../apps/server/src/app";
import { loadConfig } from "../apps/server/src/config";
import { openDb } from "../apps/server/src/db/client";
import { migrate } from "../apps/server/src/db/migrate";
import { subscriptions } from "../apps/server/src/db/schema/payments";
import { roomMembers, rooms } from "../apps/server/src/db/schema/rooms";
import { users } from "../apps/server/src/db/schema/users";
import { createExecutionService } from "../apps/server/src/execution/execution-service";
import { SESSION_COOKIE } from "../apps/server/src/http/auth";
import { attachRealtime } from "../apps/server/src/realtime/attach-realtime";
import { generateRoomId } from "../apps/server/src/modules/rooms/room-id";
import { createSession } from "../apps/server/src/modules/users/sessions";
import { watchGcPauses } from "../apps/server/test/gc-pauses";
import { roomCode, roomLanguage } from "./ai-question";
import { cpuMsSince } from "./stats";
import { benchDeps } from "./bench-deps";

const USERS = Number(process.env.AI_BENCH_USERS ?? 50);
const PER_ROOM = 5;

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "coderoom-ai-bench-"));
const config = loadConfig({ ...process.env, DATA_DIR: dataDir, LOG_LEVEL: "warn", NODE_ENV: "production" });
const db = await openDb({ pgliteDir: config.pgliteDir });
await migrate(db);
const quiet = () => undefined;
const execution = await createExecutionService(config, { info: quiet, warn: quiet, error: quiet });
const now = new Date();

// Pro subscribers, their quota read from the plan table and counted on every question as
// anyone's: the same count statement as a Basic plan's, its bound the largest integer instead
// of 25 (usage/daily-usage.ts), and no daily limit on the bench's warm-up and rounds.
const people = await db.db
  .insert(users)
  .values(Array.from({ length: USERS }, (_, i) => ({ fullName: `Bench User ${i}`, email: `ai-${i}-${randomBytes(3).toString("hex")}@bench.local`, role: "CODER" as const })))
  .returning();
await db.db.insert(subscriptions).values(
  people.map((p) => ({
    userId: p.id,
    plan: "pro" as const,
    provider: "test" as const,
    providerSubscriptionId: `sub_bench_${randomBytes(6).toString("hex")}`,
    status: "active" as const,
    paidUntil: new Date(now.getTime() + 30 * 86_400_000),
    createdAt: now,
    updatedAt: now,
  })),
);
const roomIds: string[] = [];
for (let i = 0; i < USERS; i += PER_ROOM) {
  const id = generateRoomId();
  roomIds.push(id);
  await db.db.insert(rooms).values({ id, name: `AI bench ${i}`, languageId: 71, languageName: roomLanguage, ownerId: people[i]!.id, code: roomCode, anyoneCanEdit: true });
  await db.db.insert(roomMembers).values(people.slice(i, i + PER_ROOM).map((p) => ({ roomId: id, userId: p.id })));
}
const cookies = await Promise.all(people.map(async (p) => `${SESSION_COOKIE}=${await createSession(db.db, { userId: p.id, ttlMs: 86_400_000, now })}`));

const deps = benchDeps(config, db, execution);
const app = await buildApp(deps, { webDir: path.join(dataDir, "no-web") });
const realtime = attachRealtime(app, deps);
await app.listen({ port: 0, host: "127.0.0.1" });
const address = app.server.address();
const port = typeof address === "object" && address ? address.port : 0;

const loop = monitorEventLoopDelay({ resolution: 5 });
loop.enable();
const gc = watchGcPauses();
// AI_BENCH_PROFILE=file.cpuprofile: a CPU profile of the measured window only;
// AI_BENCH_HEAP=file.heapprofile: what it allocated where (sampled every 4 KB, garbage included).
const profile = process.env.AI_BENCH_PROFILE;
const heapProfile = process.env.AI_BENCH_HEAP;
const inspector = new Session();
if (profile || heapProfile) inspector.connect();
// CPU of every thread of the process since "reset" (the embedded database runs in a process of its own).
let cpuAtReset = process.cpuUsage();
createInterface({ input: process.stdin }).on("line", async (line) => {
  if (line === "reset") {
    cpuAtReset = process.cpuUsage();
    loop.reset();
    gc.reset();
    if (profile) {
      await inspector.post("Profiler.enable");
      // 0.1 ms samples: the burst of questions lasts tens of milliseconds.
      await inspector.post("Profiler.setSamplingInterval", { interval: 100 });
      await inspector.post("Profiler.start");
    }
  }
  if (line === "reset" && heapProfile) {
    await inspector.post("HeapProfiler.enable");
    const sampling = { samplingInterval: 4096, includeObjectsCollectedByMajorGC: true, includeObjectsCollectedByMinorGC: true };
    await inspector.post("HeapProfiler.startSampling", sampling as { samplingInterval: number });
  }
  if (line === "report" && heapProfile) fs.writeFileSync(heapProfile, JSON.stringify((await inspector.post("HeapProfiler.stopSampling")).profile));
  if (line === "report" && profile) fs.writeFileSync(profile, JSON.stringify((await inspector.post("Profiler.stop")).profile));
  if (line === "report") console.log(JSON.stringify({ loopMaxMs: loop.max / 1e6, loopP99Ms: loop.percentile(99) / 1e6, rssMb: process.memoryUsage().rss / 2 ** 20, gc: gc.summary(), cpuMs: cpuMsSince(cpuAtReset) }));
});
console.log(JSON.stringify({ url: `http://127.0.0.1:${port}`, cookies, roomIds, perRoom: PER_ROOM }));

process.on("SIGTERM", async () => {
  await realtime.close();
  await app.close();
  await execution.close();
  await db.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
  process.exit(0);
});
