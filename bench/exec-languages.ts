// Per-language cost of the sandbox: the same run command, sandboxed (bubblewrap +
// cgroups + rlimits, as the runner does it) and bare (started by a small shell), alternated
// in one loop so both see the same machine load.
import fs from "node:fs/promises";
import path from "node:path";
import type { InstalledLanguage } from "../apps/server/src/execution/languages/discover-languages";
import { resolveCommand } from "../apps/server/src/execution/languages/language-spec";
import { hostPathOf } from "../apps/server/src/execution/languages/node-toolchain";
import type { SandboxHost } from "../apps/server/src/execution/sandbox/sandbox-setup";
import { GatePool } from "../apps/server/src/execution/sandbox/gate-pool";
import { runStep, type StepLimits } from "../apps/server/src/execution/sandbox/run-step";
import { BASE_ENV, commandContext, languageRunLimits, type SandboxRunner } from "../apps/server/src/execution/sandbox/sandbox-runner";
import { prepareRun } from "../apps/server/src/execution/sandbox/work-dir";
import { startBareShell, type BareShell } from "./bare-shell";
import { median, round } from "./stats";

export interface LanguageRow {
  id: number;
  language: string;
  bare_ms: number;
  sandboxed_ms: number;
  overhead_ms: number;
  /** runner.run() end to end (work dir, compile if any, run, cleanup). */
  runner_ms: number | null;
}

/** Times `runs` sandboxed and bare runs of one language's starter (compiled once beforehand). */
export async function measureLanguage(opts: {
  lang: InstalledLanguage;
  host: Extract<SandboxHost, { ok: true }>;
  runner: SandboxRunner;
  runsDir: string;
  etcDir: string;
  uid: number;
  limits: { run: StepLimits; compile: StepLimits };
  runs: number;
  withRunner: boolean;
}): Promise<LanguageRow> {
  const { lang, host, limits, uid } = opts;
  const files = await prepareRun(opts.runsDir, uid, lang.spec.source, { langId: lang.id, code: lang.starter, stdin: "" });
  const env = { ...BASE_ENV, ...lang.spec.env?.(commandContext(languageRunLimits(lang, limits.run))) };
  // As the runner does it: each step on a gate started ahead for the uid.
  const pool = new GatePool(host.tools, host.cgroups, [uid]);
  pool.prepare(uid);
  const sandboxed = async (argv: string[], stepLimits: StepLimits, out: string) =>
    runStep(host.tools, pool, {
      uid,
      gate: await pool.take(uid),
      name: pool.nextName(),
      sandbox: { boxDir: files.boxDir, etcDir: opts.etcDir, etc: lang.spec.etc ?? [], binds: lang.binds, env, argv },
      limits: stepLimits,
      stdinPath: files.stdinFile,
      stdoutPath: out,
      stderrPath: "",
      filesDir: files.dir,
    });
  let bare: BareShell | undefined;
  try {
    if (lang.spec.compile) {
      const compiled = await sandboxed(resolveCommand(lang.spec.compile, commandContext(limits.compile)), limits.compile, files.compileFile);
      if (compiled.exitCode !== 0) throw new Error(`${lang.name} did not compile: ${await fs.readFile(files.compileFile, "utf8")}`);
    }
    const runLimits = languageRunLimits(lang, limits.run);
    const argv = resolveCommand(lang.spec.run, commandContext(runLimits));
    // Bare runs see the host: sandbox paths of bound toolchains (JavaScript's node) are their host paths.
    const bareArgv = argv.map((arg) => hostPathOf(arg, lang.binds));
    if (bareArgv[0] === "./main") bareArgv[0] = path.join(files.boxDir, "main");
    const times = { bare: [] as number[], sandboxed: [] as number[], runner: [] as number[] };
    bare = startBareShell(bareArgv, { cwd: files.boxDir, env: { ...env, HOME: files.boxDir }, stdin: files.stdinFile, out: path.join(files.dir, "bare-out") });
    for (let i = 0; i < opts.runs + 1; i++) {
      // The first round warms caches and is not counted.
      const bareMs = await bare.run();
      if (i > 0) times.bare.push(bareMs);
      let t = performance.now();
      const outcome = await sandboxed(argv, runLimits, files.stdoutFile);
      if (i > 0) times.sandboxed.push(performance.now() - t);
      if (outcome.exitCode !== 0) throw new Error(`${lang.name} failed in the sandbox (${outcome.verdict} ${outcome.exitCode})`);
      if (opts.withRunner) {
        t = performance.now();
        const result = await opts.runner.run({ langId: lang.id, code: lang.starter, stdin: "" });
        if (i > 0) times.runner.push(performance.now() - t);
        if (result.status.id !== 3) throw new Error(`${lang.name}: ${JSON.stringify(result)}`);
      }
    }
    const row = { bare: median(times.bare), sandboxed: median(times.sandboxed) };
    return {
      id: lang.id,
      language: lang.name,
      bare_ms: round(row.bare),
      sandboxed_ms: round(row.sandboxed),
      overhead_ms: round(row.sandboxed - row.bare),
      runner_ms: opts.withRunner ? round(median(times.runner)) : null,
    };
  } finally {
    bare?.close();
    await pool.close();
    await fs.rm(files.dir, { recursive: true, force: true });
  }
}
