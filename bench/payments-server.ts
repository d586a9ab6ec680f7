// Child process of payments.bench.ts: the real app on embedded PGlite, seeded with
// 100,000 payment rows across 1,000 users, and an admin. Prints one JSON line when ready.
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { monitorEventLoopDelay } from "node:perf_hooks";
import { createInterface } from "node:readline";
import { buildApp } from "../apps/server/src/app";
import { loadConfig } from "../apps/server/src/config";
import { createCoordination } from "../apps/server/src/coordination/create-coordination";
import { openDb, openInProcessPglite } from "../apps/server/src/db/client";
import { currentOwner } from "../apps/server/src/db/data-dir-lock";
import { migrate } from "../apps/server/src/db/migrate";
import { payments } from "../apps/server/src/db/schema/payments";
import { users } from "../apps/server/src/db/schema/users";
import { createExecutionService } from "../apps/server/src/execution/execution-service";
import { DomainEventBus } from "../apps/server/src/events";
import { SESSION_COOKIE } from "../apps/server/src/http/auth";
import { createSession } from "../apps/server/src/modules/users/sessions";

export const PAYMENT_ROWS = 100_000;
const USERS = 1_000;

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "coderoom-bench-"));
const config = loadConfig({ ...process.env, DATA_DIR: dataDir, LOG_LEVEL: "warn", NODE_ENV: "production" });
// BENCH_PGLITE=in-process: PGlite on this process's event loop (db-loop.bench.ts's baseline).
const db = process.env.BENCH_PGLITE === "in-process" ? await openInProcessPglite(config.pgliteDir) : await openDb({ pgliteDir: config.pgliteDir });
await migrate(db);

const quiet = () => undefined;
const execution = await createExecutionService(config, { info: quiet, warn: quiet, error: quiet });
const now = new Date();
const tag = randomBytes(4).toString("hex");
const buyers = await db.db
  .insert(users)
  .values(Array.from({ length: USERS }, (_, i) => ({ fullName: `Buyer ${i}`, email: `buyer-${i}-${tag}@bench.local`, role: "CODER" as const })))
  .returning({ id: users.id });
const [admin] = await db.db.insert(users).values({ fullName: "Bench Admin", email: `admin-${tag}@bench.local`, role: "ADMIN" }).returning();

// Seeded directly: a year of payments, one every ~5 minutes, 9 in 10 completed.
const BATCH = 2_000;
for (let start = 0; start < PAYMENT_ROWS; start += BATCH) {
  const rows = Array.from({ length: Math.min(BATCH, PAYMENT_ROWS - start) }, (_, k) => {
    const i = start + k;
    return {
      userId: buyers[i % USERS]!.id,
      amount: i % 3 === 0 ? 999 : 499,
      status: i % 10 === 0 ? ("cancelled" as const) : ("completed" as const),
      razorpayPaymentId: `pay_bench${i}`,
      razorpaySubscriptionId: `sub_bench${i % 5_000}`,
      createdAt: new Date(now.getTime() - i * 315_000),
    };
  });
  await db.db.insert(payments).values(rows);
}
await db.db.execute("ANALYZE payments");

const app = await buildApp(
  { config, db, events: new DomainEventBus(), mailer: { send: async () => {} }, now: () => new Date(), languages: execution.languages, execution, coordination: createCoordination(config, { error: () => {}, warn: () => {} }) },
  { webDir: path.join(dataDir, "no-web") },
);
await app.listen({ port: 0, host: "127.0.0.1" });
const address = app.server.address();
const port = typeof address === "object" && address ? address.port : 0;
const token = await createSession(db.db, { userId: admin!.id, ttlMs: 86_400_000, now });
console.log(JSON.stringify({ url: `http://127.0.0.1:${port}`, adminCookie: `${SESSION_COOKIE}=${token}` }));

// "reset" / "report" on stdin: this process's event-loop delay and RSS, for db-loop.bench.ts.
const loop = monitorEventLoopDelay({ resolution: 5 });
loop.enable();
createInterface({ input: process.stdin }).on("line", (line) => {
  if (line === "reset") loop.reset();
  if (line === "report") console.log(JSON.stringify({ loopMaxMs: loop.max / 1e6, loopP99Ms: loop.percentile(99) / 1e6, rssMb: process.memoryUsage.rss() / 2 ** 20, dbPid: currentOwner(config.pgliteDir)?.pid }));
});

process.on("SIGTERM", async () => {
  await app.close();
  await execution.close();
  await db.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
  process.exit(0);
});
