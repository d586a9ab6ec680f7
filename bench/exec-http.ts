// POST /rooms/run end to end against the real app (embedded PGlite, real sandbox) laid out
// as `npm start` runs it: the jobs run in the code runner process, the built dist/runner.js
// with the server's node flags, reached over its Unix socket (the runner forks a process
// per job, and a fork costs in proportion to the forking process's memory: the runner from
// source under tsx holds ~30 MB more). Python hello from N clients at once, each its own
// (admin, so unlimited) user.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { buildApp } from "../apps/server/src/app";
import { loadConfig } from "../apps/server/src/config";
import { openDb } from "../apps/server/src/db/client";
import { migrate } from "../apps/server/src/db/migrate";
import { users } from "../apps/server/src/db/schema/users";
import { createExecutionService } from "../apps/server/src/execution/execution-service";
import { SESSION_COOKIE } from "../apps/server/src/http/auth";
import { createSession } from "../apps/server/src/modules/users/sessions";
import { spawnRunner } from "../apps/server/src/runner/spawn-runner";
import { median, percentile, round } from "./stats";
import { benchDeps } from "./bench-deps";

export interface HttpRow {
  concurrency: number;
  requests: number;
  failed: number;
  p50_ms: number;
  p99_ms: number;
  runs_per_s: number;
}

/** Starts the app on a free port with the sandbox backend; returns its URL, one session cookie per client and a stop function. */
export async function startRunServer(clients: number) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "coderoom-bench-exec-"));
  const config = loadConfig({ ...process.env, DATA_DIR: dataDir, LOG_LEVEL: "warn", NODE_ENV: "production", RUN_QUEUE_MAX: "100" });
  const db = await openDb({ pgliteDir: "memory" });
  await migrate(db);
  const quiet = () => undefined;
  const runner = await spawnRunner({ sandboxDir: config.SANDBOX_DIR, ...builtRunner() });
  const execution = await createExecutionService(config, { info: quiet, warn: console.warn, error: console.error }, { runnerSocket: runner.socketPath });
  const app = await buildApp(
    benchDeps(config, db, execution),
    { webDir: path.join(dataDir, "no-web") },
  );
  await app.listen({ port: 0, host: "127.0.0.1" });
  const address = app.server.address();
  const url = `http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}`;
  const rows = await db.db
    .insert(users)
    .values(Array.from({ length: clients }, (_, i) => ({ fullName: `Bench ${i}`, email: `bench-${i}-${Date.now()}@bench.local`, role: "ADMIN" as const })))
    .returning();
  const cookies = await Promise.all(rows.map(async (u) => `${SESSION_COOKIE}=${await createSession(db.db, { userId: u.id, ttlMs: 86_400_000, now: new Date() })}`));
  const stop = async () => {
    await app.close();
    await execution.close();
    await stopRunner(runner.pid);
    await db.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
  return { url, cookies, stop, unavailable: execution.runner.unavailableReason() };
}

let built: { script: string; nodeFlags: string[] } | undefined;

/**
 * Builds the server bundle (under a second; once per bench process, which `npm run bench`
 * shares between the exec benches) and names its runner with the node flags `npm start`
 * gives (scripts/start.mjs).
 */
function builtRunner(): { script: string; nodeFlags: string[] } {
  if (built) return built;
  const serverDir = new URL("../apps/server/", import.meta.url);
  const build = spawnSync("npm", ["run", "--silent", "build"], { cwd: serverDir, stdio: ["ignore", "ignore", "inherit"] });
  if (build.status !== 0) throw new Error("could not build the server (npm run build -w apps/server)");
  built = { script: new URL("dist/runner.js", serverDir).pathname, nodeFlags: ["--enable-source-maps"] };
  return built;
}

/** Stops the runner supervisor (it stops its worker) and waits until it is gone. */
async function stopRunner(pid: number): Promise<void> {
  process.kill(pid, "SIGTERM");
  for (let i = 0; i < 100; i++) {
    try {
      process.kill(pid, 0);
    } catch {
      return;
    }
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** `concurrency` clients each send `perClient` runs back to back; every answer must be 200 with status 3. */
export async function measureRuns(server: { url: string; cookies: string[] }, concurrency: number, perClient: number): Promise<HttpRow> {
  const body = JSON.stringify({ code: 'print("Hello, World!")', langId: 71, stdIn: "" });
  const latencies: number[] = [];
  let failed = 0;
  const started = performance.now();
  await Promise.all(
    server.cookies.slice(0, concurrency).map(async (cookie) => {
      for (let i = 0; i < perClient; i++) {
        const t = performance.now();
        const res = await fetch(`${server.url}/api/v1/rooms/run`, {
          method: "POST",
          headers: { cookie, "content-type": "application/json", "sec-fetch-site": "same-origin" },
          body,
        });
        const json = (await res.json()) as { data?: { status?: { id: number } } };
        latencies.push(performance.now() - t);
        if (res.status !== 200 || json.data?.status?.id !== 3) failed += 1;
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  return {
    concurrency,
    requests: latencies.length,
    failed,
    p50_ms: round(median(latencies)),
    p99_ms: round(percentile(latencies, 99)),
    runs_per_s: round(latencies.length / seconds),
  };
}
