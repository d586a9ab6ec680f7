// Issue 40: the web process's event loop while the admin analytics query (POST /payments/all:
// totals over 100,000 payments + one page) runs back to back, with embedded PGlite inside
// the web process (before) and in its own process (after), in the same run. A probe times
// GET /healthz meanwhile, one request at a time, as a user's unrelated call would wait.
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import { createInterface } from "node:readline";
import { fileURLToPath } from "node:url";
import autocannon from "autocannon";
import { builtBenchServer, startFlags } from "./built-server";
import { percentile } from "./stats";

const DURATION_S = Number(process.env.BENCH_DURATION ?? 10);
// Built as `npm start` runs it: the database process is then pglite-process.js beside it.
const serverScript = await builtBenchServer(fileURLToPath(new URL("payments-server.ts", import.meta.url)));

interface Report {
  loopMaxMs: number;
  loopP99Ms: number;
  rssMb: number;
  dbPid?: number;
}

/** VmRSS of a process in MB (Linux), or null when it is gone. */
function rssOf(pid: number | undefined): number | null {
  if (!pid) return null;
  try {
    const kb = /VmRSS:\s+(\d+)/.exec(fs.readFileSync(`/proc/${pid}/status`, "utf8"))?.[1];
    return kb ? Number(kb) / 1024 : null;
  } catch {
    return null;
  }
}

async function run(mode: "in-process" | "child") {
  const server = spawn(process.execPath, [...startFlags, serverScript], {
    stdio: ["pipe", "pipe", "inherit"],
    env: { ...process.env, BENCH_PGLITE: mode },
  });
  const lines = createInterface({ input: server.stdout! })[Symbol.asyncIterator]();
  const next = async () => JSON.parse(((await lines.next()).value as string | undefined) ?? "null") as unknown;
  const exited = new Promise((_, reject) => server.once("exit", (code) => reject(new Error(`bench server exited with ${code}`))));
  const ready = (await Promise.race([next(), exited])) as { url: string; adminCookie: string };
  const report = async () => {
    server.stdin!.write("report\n");
    return (await next()) as Report;
  };
  try {
    const all = {
      url: `${ready.url}/api/v1/payments/all`,
      method: "POST" as const,
      headers: { cookie: ready.adminCookie, "content-type": "application/json", "sec-fetch-site": "same-origin" },
      body: JSON.stringify({ start: 0, limit: 10 }),
      connections: 1,
    };
    await autocannon({ ...all, duration: 2 });
    await new Promise((resolve) => setTimeout(resolve, 2000));
    const idle = await report();
    server.stdin!.write("reset\n");
    const healthz: number[] = [];
    let loading = true;
    const probe = (async () => {
      while (loading) {
        const start = performance.now();
        await fetch(`${ready.url}/healthz`).then((res) => res.arrayBuffer());
        healthz.push(performance.now() - start);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    })();
    const load = await autocannon({ ...all, duration: DURATION_S });
    loading = false;
    await probe;
    const busy = await report();
    return {
      pglite: mode === "in-process" ? "in the web process (before)" : "own process (after)",
      analytics_p50_ms: load.latency.p50,
      analytics_req_per_s: Math.round(load.requests.average),
      loop_max_ms: Number(busy.loopMaxMs.toFixed(1)),
      loop_p99_ms: Number(busy.loopP99Ms.toFixed(1)),
      healthz_p50_ms: Number(percentile(healthz, 50).toFixed(1)),
      healthz_p99_ms: Number(percentile(healthz, 99).toFixed(1)),
      healthz_max_ms: Number(Math.max(...healthz).toFixed(1)),
      idle_web_rss_mb: Math.round(idle.rssMb),
      idle_db_rss_mb: idle.dbPid === server.pid ? null : Math.round(rssOf(idle.dbPid) ?? 0),
    };
  } finally {
    server.kill("SIGTERM");
  }
}

const rows = [await run("in-process"), await run("child")];
console.table(rows);
const loadAverage1m = Number(os.loadavg()[0]!.toFixed(2));
console.log(`1-minute load average during the run: ${loadAverage1m} on ${os.availableParallelism()} cores (RSS after seeding 100,000 payments)`);
const out = fileURLToPath(new URL("results/db-loop.json", import.meta.url));
fs.writeFileSync(out, `${JSON.stringify({ date: new Date().toISOString(), node: process.version, durationSeconds: DURATION_S, paymentRows: 100_000, loadAverage1m, cores: os.availableParallelism(), rows }, null, 2)}\n`);
console.log(`wrote ${out}`);
