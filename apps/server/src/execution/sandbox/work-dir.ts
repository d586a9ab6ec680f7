import { randomBytes } from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import type { RunJob } from "../runner";
import type { CgroupDriver } from "./cgroup";

export interface RunFiles {
  id: string;
  dir: string;
  boxDir: string;
  stdinFile: string;
  emptyFile: string;
  stdoutFile: string;
  stderrFile: string;
  compileFile: string;
}

/** Run ids start with the server's pid so a restarted server can tell its own leftovers. */
function newRunId(): string {
  return `${process.pid}-${randomBytes(6).toString("hex")}`;
}

/**
 * Creates a run's host directory: box/ (the job's /box, holding the source, owned by
 * the job uid; null in rootless mode, where the server's own uid is the job's) and the
 * stdio files beside it, which the job never sees as paths.
 */
export async function prepareRun(runsDir: string, uid: number | null, sourceName: string, job: RunJob): Promise<RunFiles> {
  const id = newRunId();
  const dir = path.join(runsDir, id);
  const files: RunFiles = {
    id,
    dir,
    boxDir: path.join(dir, "box"),
    stdinFile: path.join(dir, "stdin"),
    emptyFile: path.join(dir, "empty"),
    stdoutFile: path.join(dir, "stdout"),
    stderrFile: path.join(dir, "stderr"),
    compileFile: path.join(dir, "compile"),
  };
  await fs.mkdir(dir, { mode: 0o711 });
  await fs.mkdir(files.boxDir, { mode: 0o700 });
  const source = path.join(files.boxDir, sourceName);
  // The job's gate opens its stdio files by path as the job uid: they are the uid's own.
  const empty = [files.emptyFile, files.stdoutFile, files.stderrFile, files.compileFile];
  await Promise.all([
    fs.writeFile(source, job.code, { mode: 0o600 }),
    fs.writeFile(files.stdinFile, job.stdin, { mode: 0o600 }),
    ...empty.map((file) => fs.writeFile(file, "", { mode: 0o600 })),
  ]);
  if (uid !== null) await Promise.all([files.boxDir, source, files.stdinFile, ...empty].map((p) => fs.chown(p, uid, uid)));
  return files;
}

/** Writes a job's source and stdin into a work dir prepared ahead (a warm sandbox), owned by the job uid. */
export async function fillRun(files: RunFiles, uid: number | null, sourceName: string, job: RunJob): Promise<void> {
  const source = path.join(files.boxDir, sourceName);
  await Promise.all([fs.writeFile(source, job.code, { mode: 0o600 }), fs.writeFile(files.stdinFile, job.stdin, { mode: 0o600 })]);
  if (uid !== null) await Promise.all([source, files.stdinFile].map((p) => fs.chown(p, uid, uid)));
}

function ownerAlive(name: string): boolean {
  const pid = Number(name.split("-")[0]);
  if (!Number.isInteger(pid) || pid <= 0) return false;
  if (pid === process.pid) return true;
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === "EPERM";
  }
}

/** Deletes work dirs and cgroups left by servers that are gone (a crash skips the cleanup). */
export async function removeStaleRuns(runsDir: string, cgroups: CgroupDriver): Promise<void> {
  for (const name of await fs.readdir(runsDir)) {
    if (!ownerAlive(name)) await fs.rm(path.join(runsDir, name), { recursive: true, force: true });
  }
  await cgroups.sweep((name) => !ownerAlive(name));
}
