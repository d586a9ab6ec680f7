import fs from "node:fs/promises";
import { discoverLanguages } from "../languages/discover-languages";
import type { StepLimits } from "./run-step";
import { SandboxRunner, type SandboxLimits } from "./sandbox-runner";
import { inspectSandboxHost } from "./sandbox-setup";

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

/**
 * Live processes (not zombies, not idle gates, not waiting warm sandboxes) whose uid is in
 * [uidBase, uidBase + 16): what a job could have left running. `runner` names the warm
 * sandboxes to leave out (they run nothing of a user's until their job arrives).
 */
export async function processesOf(uidBase: number, runner?: SandboxRunner): Promise<number[]> {
  // A sandbox still being set up is not listed yet: wait until every clean-up and set-up has finished.
  await runner?.settled();
  const waiting = new Set(runner?.warmPids() ?? []);
  const found: number[] = [];
  const parentOf = async (pid: number) => Number(/^PPid:\s+(\d+)/m.exec(await fs.readFile(`/proc/${pid}/status`, "utf8").catch(() => ""))?.[1] ?? 0);
  for (const name of await fs.readdir("/proc")) {
    if (!/^\d+$/.test(name)) continue;
    const status = await fs.readFile(`/proc/${name}/status`, "utf8").catch(() => "");
    const uid = Number(/^Uid:\s+(\d+)/m.exec(status)?.[1] ?? -1);
    const zombie = /^State:\s+Z/m.test(status);
    // A uid's gate launcher, a gate's waiter and a gate waiting for its job run nothing of a user's
    // (they share the launcher's command line; a gate becomes bwrap when launched).
    const idleGate = (await fs.readFile(`/proc/${name}/cmdline`, "utf8").catch(() => "")).endsWith("\0gate\0");
    if (uid < uidBase || uid >= uidBase + 16 || zombie || idleGate) continue;
    let pid = Number(name);
    let warm = false;
    for (let depth = 0; depth < 3 && pid > 1 && !warm; depth++) {
      warm = waiting.has(pid);
      pid = await parentOf(pid);
    }
    if (!warm) found.push(Number(name));
  }
  return found;
}
