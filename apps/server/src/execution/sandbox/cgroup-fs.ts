import { readFileSync } from "node:fs";
import fs from "node:fs/promises";
import path from "node:path";

/** The CFS period (µs) both cgroup versions use; a CPU quota of `cores` is `cores` periods. */
export const CFS_PERIOD_US = 100_000;

/** Removes a cgroup directory, killing what is left inside first when it is busy. */
export async function removeDir(dir: string, killAll: () => Promise<void>): Promise<void> {
  for (let attempt = 0; attempt < 50; attempt++) {
    try {
      await fs.rmdir(dir);
      return;
    } catch (err) {
      const code = (err as NodeJS.ErrnoException).code;
      if (code === "ENOENT") return;
      if (code !== "EBUSY") throw err;
      await killAll();
      await new Promise((r) => setTimeout(r, 10));
    }
  }
  throw new Error(`cgroup ${dir} stays busy`);
}

/** The pids in a cgroup.procs file (a kernfs file that answers at once: read synchronously). */
function readProcs(procsFile: string): string {
  try {
    return readFileSync(procsFile, "utf8");
  } catch {
    return "";
  }
}

/** Kills every pid listed in a cgroup.procs file until it is empty. */
export async function killProcs(procsFile: string): Promise<void> {
  for (let attempt = 0; attempt < 100; attempt++) {
    const text = readProcs(procsFile);
    const pids = text.split("\n").filter(Boolean).map(Number);
    if (pids.length === 0) return;
    for (const pid of pids) {
      try {
        process.kill(pid, "SIGKILL");
      } catch {
        // already gone
      }
    }
    await new Promise((r) => setTimeout(r, 1));
  }
}

/** Removes the stale child groups of a parent group (their jobs died with the server that started them). */
export async function sweepChildren(parent: string, isStale: (name: string) => boolean): Promise<void> {
  const entries = await fs.readdir(parent, { withFileTypes: true }).catch(() => []);
  for (const entry of entries) {
    if (!entry.isDirectory() || !isStale(entry.name)) continue;
    const dir = path.join(parent, entry.name);
    await removeDir(dir, () => killProcs(path.join(dir, "cgroup.procs"))).catch(() => undefined);
  }
}
