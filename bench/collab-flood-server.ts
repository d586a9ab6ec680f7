// Child process of collab-flood.bench.ts: the real app with the realtime layer on embedded
// PGlite, one room anyone may edit and two users with sessions. Prints one JSON line when ready;
// on a line "reset" / "report" on stdin it resets / prints its event-loop delay figures.
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { monitorEventLoopDelay } from "node:perf_hooks";
import { createInterface } from "node:readline";
import { buildApp } from "../apps/server/src/app";
import { loadConfig } from "../apps/server/src/config";
import { createCoordination } from "../apps/server/src/coordination/create-coordination";
import { openDb } from "../apps/server/src/db/client";
import { migrate } from "../apps/server/src/db/migrate";
import { roomMembers, rooms } from "../apps/server/src/db/schema/rooms";
import { users } from "../apps/server/src/db/schema/users";
import { createExecutionService } from "../apps/server/src/execution/execution-service";
import { DomainEventBus } from "../apps/server/src/events";
import { SESSION_COOKIE } from "../apps/server/src/http/auth";
import { attachRealtime } from "../apps/server/src/realtime/attach-realtime";
import { generateRoomId } from "../apps/server/src/modules/rooms/room-id";
import { createSession } from "../apps/server/src/modules/users/sessions";

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "coderoom-flood-bench-"));
// Judge0 at a closed port: no toolchain probing, and nothing here runs code.
const config = loadConfig({ ...process.env, DATA_DIR: dataDir, LOG_LEVEL: "error", NODE_ENV: "production", EXECUTION_BACKEND: "judge0", JUDGE0_URL: "http://127.0.0.1:9" });
const db = await openDb({ pgliteDir: config.pgliteDir });
await migrate(db);
const quiet = () => undefined;
const execution = await createExecutionService(config, { info: quiet, warn: quiet, error: quiet });
const now = new Date();
const people = await db.db
  .insert(users)
  .values(["Flooder", "Typist"].map((fullName) => ({ fullName, email: `${fullName.toLowerCase()}-${randomBytes(3).toString("hex")}@bench.local`, role: "CODER" as const })))
  .returning();
const roomId = generateRoomId();
await db.db.insert(rooms).values({ id: roomId, name: "Flood bench", languageId: 71, languageName: "Python", ownerId: people[0]!.id, code: "", anyoneCanEdit: true });
// The typist joined the room (only members open its document on /collab).
await db.db.insert(roomMembers).values({ roomId, userId: people[1]!.id, joinedAt: now });
const cookies = await Promise.all(people.map(async (p) => `${SESSION_COOKIE}=${await createSession(db.db, { userId: p.id, ttlMs: 86_400_000, now })}`));

const deps = { config, db, events: new DomainEventBus(), mailer: { send: async () => {} }, now: () => new Date(), languages: execution.languages, execution, coordination: createCoordination(config, { error: () => {}, warn: () => {} }) };
const app = await buildApp(deps, { webDir: path.join(dataDir, "no-web") });
attachRealtime(app, deps);
await app.listen({ port: 0, host: "127.0.0.1" });
const address = app.server.address();
const port = typeof address === "object" && address ? address.port : 0;
console.log(JSON.stringify({ url: `http://127.0.0.1:${port}`, roomId, flooder: cookies[0], typist: cookies[1] }));

const loop = monitorEventLoopDelay({ resolution: 5 });
loop.enable();
createInterface({ input: process.stdin }).on("line", (line) => {
  if (line === "reset") loop.reset();
  if (line === "report") console.log(JSON.stringify({ loopP99Ms: loop.percentile(99) / 1e6, loopMaxMs: loop.max / 1e6 }));
});
