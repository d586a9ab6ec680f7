import fs from "node:fs/promises";
import { discoverLanguages } from "../src/execution/languages/discover-languages";
import type { StepLimits } from "../src/execution/sandbox/run-step";
import { SandboxRunner, type SandboxLimits } from "../src/execution/sandbox/sandbox-runner";
import { inspectSandboxHost } from "../src/execution/sandbox/sandbox-setup";

/** Test helpers for suites that run the real sandbox (they skip, loudly, where it cannot run). */
export const sandboxHost = await inspectSandboxHost();
export const sandboxSkipReason = sandboxHost.ok ? null : sandboxHost.reason;
if (sandboxSkipReason) console.warn(`\n*** SKIPPED sandbox tests: ${sandboxSkipReason}\n`);

const MB = 1024 * 1024;

/** Short limits so TLE cases finish fast; memory as in production. */
export const testLimits: SandboxLimits = {
  run: { cpuSeconds: 1, wallSeconds: 3, memoryBytes: 256 * MB, pids: 64, cores: 1, fileBytes: MB, openFiles: 512, stackBytes: 64 * MB },
  compile: { cpuSeconds: 20, wallSeconds: 40, memoryBytes: 1024 * MB, pids: 128, cores: 2, fileBytes: 128 * MB, openFiles: 1024, stackBytes: 64 * MB },
  outputBytes: 64 * 1024,
};

export const SANDBOX_TEST_DIR = "/dev/shm/coderoom-test";

/**
 * A sandbox runner over the installed languages. Each suite passes its own uid
 * range, so "no process of the job is left" can be checked by uid even while
 * other suites run in parallel.
 */
export async function testSandbox(
  uidBase: number,
  overrides: { run?: Partial<StepLimits>; warm?: { maxPerKey: number; idleMs: number }; uidCount?: number } = {},
): Promise<SandboxRunner> {
  const discovery = await discoverLanguages({ cacheFile: `${SANDBOX_TEST_DIR}.toolchains.json` });
  return SandboxRunner.create({
    host: sandboxHost,
    languages: discovery.installed,
    rootDir: SANDBOX_TEST_DIR,
    uids: Array.from({ length: overrides.uidCount ?? 16 }, (_, i) => uidBase + i),
    limits: { ...testLimits, run: { ...testLimits.run, ...overrides.run } },
    log: { error: (obj, msg) => console.error(msg, obj) },
    warm: overrides.warm,
  });
}

/** One process as /proc shows it. */
export interface ProcessEntry {
  pid: number;
  uid: number;
  parent: number;
  zombie: boolean;
  /** A uid's gate launcher, a gate's waiter or a gate waiting for its job: they run nothing of a user's
   * (they share the launcher's command line; a gate becomes bwrap when launched). */
  gateShell: boolean;
}

/** Process `pid` as /proc shows it, or undefined once it has gone. */
export async function readProcess(pid: number): Promise<ProcessEntry | undefined> {
  const [status = "", cmdline = ""] = await Promise.all([`/proc/${pid}/status`, `/proc/${pid}/cmdline`].map((f) => fs.readFile(f, "utf8").catch(() => "")));
  if (!status) return undefined;
  return {
    pid,
    uid: Number(/^Uid:\s+(\d+)/m.exec(status)?.[1] ?? -1),
    parent: Number(/^PPid:\s+(\d+)/m.exec(status)?.[1] ?? 0),
    zombie: /^State:\s+Z/m.test(status),
    gateShell: cmdline.endsWith("\0gate\0"),
  };
}

/** Every process on the host (those that end while being read are left out). */
export async function processTable(): Promise<ProcessEntry[]> {
  const pids = (await fs.readdir("/proc")).filter((name) => /^\d+$/.test(name)).map(Number);
  const entries: ProcessEntry[] = [];
  for (const pid of pids) {
    const entry = await readProcess(pid);
    if (entry) entries.push(entry);
  }
  return entries;
}

/**
 * Live processes (not zombies, not gate shells, not waiting warm sandboxes) whose uid is in
 * [uidBase, uidBase + 16): what a job could have left running. `runner` names the warm
 * sandboxes to leave out (they run nothing of a user's until their job arrives).
 */
export async function processesOf(uidBase: number, runner?: SandboxRunner): Promise<number[]> {
  // A sandbox still being set up is not listed yet: wait until every clean-up and set-up has finished.
  await runner?.settled();
  // A process killed a moment ago may still be exiting on a loaded machine: a survivor is still there seconds later.
  const deadline = Date.now() + KILLED_EXIT_MS;
  let left = await listProcessesOf(uidBase, runner);
  while (left.length > 0 && Date.now() < deadline) {
    await new Promise((r) => setTimeout(r, 100));
    left = await listProcessesOf(uidBase, runner);
  }
  return left;
}

/** How long processesOf waits for killed processes to be gone. */
const KILLED_EXIT_MS = 3000;

async function listProcessesOf(uidBase: number, runner?: SandboxRunner): Promise<number[]> {
  const waiting = new Set(runner?.warmPids() ?? []);
  const table = await processTable();
  const parentOf = new Map(table.map((p) => [p.pid, p.parent]));
  const underWarm = (pid: number) => {
    for (let depth = 0; depth < 3 && pid > 1; depth++, pid = parentOf.get(pid) ?? 0) if (waiting.has(pid)) return true;
    return false;
  };
  return table.filter((p) => p.uid >= uidBase && p.uid < uidBase + 16 && !p.zombie && !p.gateShell && !underWarm(p.pid)).map((p) => p.pid);
}
