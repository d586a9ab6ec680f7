// Code execution: (1) per-language median of the sandboxed run next to the same command
// run bare in the same loop; (2) POST /rooms/run end to end for Python hello at
// concurrency 1/2/4/8. Targets: overhead <= 20 ms (Python, Bash), HTTP p50 <= 80 ms at
// concurrency 1 (hosted Judge0 answers in ~500 ms), no failed run at concurrency 8.
// EXEC_BENCH_RUNS (default 20) and EXEC_BENCH_LANGS (comma-separated ids) narrow it down.
import fs from "node:fs";
import os from "node:os";
import { loadConfig } from "../apps/server/src/config";
import { sandboxLimits } from "../apps/server/src/execution/execution-service";
import { discoverLanguages } from "../apps/server/src/execution/languages/discover-languages";
import { SandboxRunner } from "../apps/server/src/execution/sandbox/sandbox-runner";
import { inspectSandboxHost, prepareRootDir } from "../apps/server/src/execution/sandbox/sandbox-setup";
import { measureRuns, startRunServer, type HttpRow } from "./exec-http";
import { measureLanguage, type LanguageRow } from "./exec-languages";
import { ratio } from "./stats";

const RUNS = Number(process.env.EXEC_BENCH_RUNS ?? 20);
const ONLY = (process.env.EXEC_BENCH_LANGS ?? "").split(",").filter(Boolean).map(Number);
// Issue 12: saturation throughput >= 70 % of bare python3 on every core; p50 at c=1 <= 1.5x the bare start.
const TARGETS = { overheadMs: 20, httpP50Ms: 80, hostedJudge0Ms: 500, throughputOfBare: 0.7, p50OfBareStart: 1.5 };
const ROOT = "/dev/shm/coderoom-bench";
const UID = 64_000;

const host = await inspectSandboxHost();
if (!host.ok) {
  console.log(`exec bench SKIPPED: ${host.reason}`);
} else {
  const config = loadConfig({ ...process.env, LOG_LEVEL: "warn" });
  const limits = sandboxLimits(config);
  const discovery = await discoverLanguages({ cacheFile: `${ROOT}.toolchains.json` });
  const languages = discovery.installed.filter((l) => ONLY.length === 0 || ONLY.includes(l.id));
  const runner = await SandboxRunner.create({ host, languages, rootDir: ROOT, uids: [UID + 1, UID + 2], limits, log: console });
  const dirs = await prepareRootDir(ROOT, [UID, UID + 1, UID + 2]);

  console.log(`Sandboxed vs bare, median of ${RUNS} runs of each starter (compiled once beforehand); ${os.cpus().length} cores`);
  const rows: LanguageRow[] = [];
  for (const lang of languages) {
    const withRunner = !lang.spec.compile;
    rows.push(await measureLanguage({ lang, host, runner, runsDir: dirs.runsDir, etcDir: dirs.etcDir, uid: UID, limits, runs: RUNS, withRunner }));
  }
  console.table(rows);

  const server = await startRunServer(8);
  const http: HttpRow[] = [];
  try {
    await measureRuns(server, 2, 5);
    for (const c of [1, 2, 4, 8]) http.push(await measureRuns(server, c, Math.max(10, Math.ceil(60 / c))));
  } finally {
    await server.stop();
  }
  const python = rows.find((r) => r.id === 71);
  console.log(`\nPOST /rooms/run, Python hello (bare python3 in the same run: ${python?.bare_ms ?? "?"} ms; hosted Judge0 ~${TARGETS.hostedJudge0Ms} ms)`);
  console.table(http);

  const verdicts = {
    python_overhead_ms: python?.overhead_ms ?? null,
    bash_overhead_ms: rows.find((r) => r.id === 46)?.overhead_ms ?? null,
    http_p50_c1_ms: http[0]?.p50_ms ?? null,
    failed_at_c8: http.find((h) => h.concurrency === 8)?.failed ?? null,
    // Bare python3 hello on every core at once would do cores * 1000 / bare_ms runs a second.
    throughput_c8_of_bare: python?.bare_ms ? ratio((http.find((h) => h.concurrency === 8)?.runs_per_s ?? 0) / ((os.availableParallelism() * 1000) / python.bare_ms)) : null,
    http_p50_c1_of_bare_start: python?.bare_ms && http[0] ? ratio(http[0].p50_ms / python.bare_ms) : null,
  };
  const met = {
    overhead: [verdicts.python_overhead_ms, verdicts.bash_overhead_ms].every((v) => v !== null && v <= TARGETS.overheadMs),
    http_p50: verdicts.http_p50_c1_ms !== null && verdicts.http_p50_c1_ms <= TARGETS.httpP50Ms,
    no_failures_c8: verdicts.failed_at_c8 === 0,
    throughput_of_bare: verdicts.throughput_c8_of_bare !== null && verdicts.throughput_c8_of_bare >= TARGETS.throughputOfBare,
    p50_of_bare_start: verdicts.http_p50_c1_of_bare_start !== null && verdicts.http_p50_c1_of_bare_start <= TARGETS.p50OfBareStart,
  };
  console.log("Targets:", JSON.stringify({ ...verdicts, met }));
  fs.mkdirSync(new URL("results/", import.meta.url), { recursive: true });
  fs.writeFileSync(
    new URL("results/exec.json", import.meta.url),
    JSON.stringify({ date: new Date().toISOString(), cpus: os.cpus().length, kernel: os.release(), runs: RUNS, targets: TARGETS, verdicts, met, languages: rows, http }, null, 2),
  );
  await runner.close();
}
