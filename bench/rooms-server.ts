// Child process of rooms.bench.ts: the real app on embedded PGlite, seeded with a user
// who has 1,000 rooms and an admin for the create run. Prints one JSON line when ready.
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { buildApp } from "../apps/server/src/app";
import { loadConfig } from "../apps/server/src/config";
import { createCoordination } from "../apps/server/src/coordination/create-coordination";
import { openDb } from "../apps/server/src/db/client";
import { vacuumChangedTables } from "../apps/server/src/db/embedded-vacuum";
import { migrate } from "../apps/server/src/db/migrate";
import { roomMembers, rooms } from "../apps/server/src/db/schema/rooms";
import { users } from "../apps/server/src/db/schema/users";
import { createExecutionService } from "../apps/server/src/execution/execution-service";
import { DomainEventBus } from "../apps/server/src/events";
import { SESSION_COOKIE } from "../apps/server/src/http/auth";
import { createSession } from "../apps/server/src/modules/users/sessions";
import { generateRoomId } from "../apps/server/src/modules/rooms/room-id";

export const LIST_ROOMS = 1000;

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "coderoom-bench-"));
const config = loadConfig({ ...process.env, DATA_DIR: dataDir, LOG_LEVEL: "warn", NODE_ENV: "production" });
const db = await openDb({ pgliteDir: config.pgliteDir });
await migrate(db);

const quiet = () => undefined;
const execution = await createExecutionService(config, { info: quiet, warn: quiet, error: quiet });
const languages = execution.languages.list();
if (languages.length === 0) throw new Error("the execution backend offers no language on this machine");
const now = new Date();
const [lister, admin] = await db.db
  .insert(users)
  .values([
    { fullName: "Bench Lister", email: `lister-${randomBytes(4).toString("hex")}@bench.local`, role: "CODER" },
    { fullName: "Bench Admin", email: `admin-${randomBytes(4).toString("hex")}@bench.local`, role: "ADMIN" },
  ])
  .returning();

// Seeded directly: the plan limit guards the API, not the data set of a benchmark.
const ids = new Set<string>();
while (ids.size < LIST_ROOMS) ids.add(generateRoomId());
const seeded = [...ids].map((id, i) => ({
  id,
  name: `Bench room ${i}`,
  languageId: languages[i % languages.length]!.id,
  languageName: languages[i % languages.length]!.name,
  ownerId: lister!.id,
  code: languages[i % languages.length]!.starter,
  anyoneCanEdit: i % 3 === 0,
  createdAt: new Date(now.getTime() - i * 60_000),
  updatedAt: new Date(now.getTime() - i * 30_000),
}));
for (let i = 0; i < seeded.length; i += 250) await db.db.insert(rooms).values(seeded.slice(i, i + 250));
await db.db.insert(roomMembers).values(seeded.map((r) => ({ roomId: r.id, userId: lister!.id, joinedAt: r.createdAt })));
// A running server has done its maintenance pass on data this size within a minute (as
// pgbench vacuums after loading): the list is measured with the planner statistics it has then.
await vacuumChangedTables(db);

const session = (userId: string) => createSession(db.db, { userId, ttlMs: 86_400_000, now });
const app = await buildApp(
  {
    config,
    db,
    events: new DomainEventBus(),
    mailer: { send: async () => {} },
    now: () => new Date(),
    languages: execution.languages,
    execution,
    coordination: createCoordination(config, { error: () => {}, warn: () => {} }),
  },
  { webDir: path.join(dataDir, "no-web") },
);
await app.listen({ port: 0, host: "127.0.0.1" });
const address = app.server.address();
const port = typeof address === "object" && address ? address.port : 0;
console.log(
  JSON.stringify({
    url: `http://127.0.0.1:${port}`,
    listCookie: `${SESSION_COOKIE}=${await session(lister!.id)}`,
    adminCookie: `${SESSION_COOKIE}=${await session(admin!.id)}`,
    languageId: languages[0]!.id,
  }),
);

process.on("SIGTERM", async () => {
  await app.close();
  await execution.close();
  await db.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
  process.exit(0);
});
