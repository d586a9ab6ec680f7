// The class-size scenario (issue 12): 50 users press Run at once, with Python hello and
// with a Python program that burns 200 ms of CPU. Time to result p50/p95/max and
// throughput through POST /rooms/run (real app, real sandbox), next to the same 50
// programs run bare, 2 at a time, in the same run. Target: the burst is done within
// 2x the bare wall time.
import fs from "node:fs";
import os from "node:os";
import { startBareShell } from "./bare-shell";
import { startRunServer } from "./exec-http";
import { median, percentile, ratio, round } from "./stats";

const USERS = 50;
const TARGET_RATIO = 2;
const PROGRAMS = {
  hello: 'print("Hello, World!")',
  cpu200ms: "import time\nt = time.process_time()\nwhile time.process_time() - t < 0.2:\n    pass\nprint('done')",
};

/** The interpreter the sandbox runs (PATH there is /usr/local/bin:/usr/bin), not a shim on the caller's PATH. */
const PYTHON = ["/usr/local/bin/python3", "/usr/bin/python3"].find((p) => fs.existsSync(p)) ?? "python3";

/** Runs `code` with bare python3 `count` times, `parallel` at a time (one small shell each); the wall time in ms. */
async function bare(code: string, count: number, parallel: number): Promise<number> {
  const lanes = Array.from({ length: parallel }, () => startBareShell([PYTHON, "-c", code], { stdin: "/dev/null", out: "/dev/null" }));
  try {
    const started = performance.now();
    let next = 0;
    await Promise.all(
      lanes.map(async (lane) => {
        while (next < count) {
          next += 1;
          await lane.run();
        }
      }),
    );
    return performance.now() - started;
  } finally {
    lanes.forEach((lane) => lane.close());
  }
}

/** Every user sends one run at the same moment; each answer must be 200 with status 3. */
async function burst(server: { url: string; cookies: string[] }, code: string) {
  const body = JSON.stringify({ code, langId: 71, stdIn: "" });
  const started = performance.now();
  let failed = 0;
  const times = await Promise.all(
    server.cookies.map(async (cookie) => {
      const res = await fetch(`${server.url}/api/v1/rooms/run`, {
        method: "POST",
        headers: { cookie, "content-type": "application/json", "sec-fetch-site": "same-origin" },
        body,
      });
      const json = (await res.json()) as { data?: { status?: { id: number } } };
      if (res.status !== 200 || json.data?.status?.id !== 3) failed += 1;
      return performance.now() - started;
    }),
  );
  return { times, wall: performance.now() - started, failed };
}

const server = await startRunServer(USERS);
if (server.unavailable) {
  console.log(`exec-class bench SKIPPED: ${server.unavailable}`);
  await server.stop();
} else {
  const rows = [];
  try {
    await burst({ url: server.url, cookies: server.cookies.slice(0, 4) }, PROGRAMS.hello); // warm-up
    for (const [name, code] of Object.entries(PROGRAMS)) {
      const bareMs = await bare(code, USERS, 2);
      const b = await burst(server, code);
      rows.push({
        program: name,
        users: USERS,
        failed: b.failed,
        p50_ms: round(median(b.times)),
        p95_ms: round(percentile(b.times, 95)),
        max_ms: round(Math.max(...b.times)),
        runs_per_s: round(USERS / (b.wall / 1000)),
        wall_ms: round(b.wall),
        bare_2_at_a_time_ms: round(bareMs),
        ratio: ratio(b.wall / bareMs),
      });
    }
  } finally {
    await server.stop();
  }
  console.log(`Class-size burst: ${USERS} users press Run at once (Python), against the same programs run bare 2 at a time; ${os.cpus().length} cores`);
  console.table(rows);
  const met = rows.every((r) => r.failed === 0 && r.ratio <= TARGET_RATIO);
  console.log("Target:", JSON.stringify({ within_x_bare: TARGET_RATIO, met }));
  fs.mkdirSync(new URL("results/", import.meta.url), { recursive: true });
  fs.writeFileSync(new URL("results/exec-class.json", import.meta.url), JSON.stringify({ date: new Date().toISOString(), cpus: os.cpus().length, rows, met }, null, 2));
}
