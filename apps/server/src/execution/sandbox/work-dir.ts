import { randomBytes } from "node:crypto";
import { chownSync, mkdirSync, writeFileSync } from "node:fs";
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
 * These are a dozen small writes to local disk or tmpfs: done synchronously they cost
 * their syscalls alone, where each promise-based call cost one to three thread-pool round
 * trips (open, write, close) and their promises. Removing a work dir stays asynchronous:
 * a job may leave thousands of files in it.
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
  mkdirSync(dir, { mode: 0o711 });
  mkdirSync(files.boxDir, { mode: 0o700 });
  if (uid !== null) chownSync(files.boxDir, uid, uid);
  // The job's gate opens its stdio files by path as the job uid: they are the uid's own.
  for (const file of [files.emptyFile, files.stdoutFile, files.stderrFile, files.compileFile]) writeOwned(file, "", uid);
  writeJobFiles(files, uid, sourceName, job);
  return files;
}

/** Writes a job's source and stdin into a work dir prepared ahead (a warm sandbox), owned by the job uid. */
export async function fillRun(files: RunFiles, uid: number | null, sourceName: string, job: RunJob): Promise<void> {
  writeJobFiles(files, uid, sourceName, job);
}

function writeJobFiles(files: RunFiles, uid: number | null, sourceName: string, job: RunJob): void {
  writeOwned(path.join(files.boxDir, sourceName), job.code, uid);
  writeOwned(files.stdinFile, job.stdin, uid);
}

/** A new file of the job uid's (null: the server's own, rootless mode), readable by it alone. */
function writeOwned(file: string, data: string, uid: number | null): void {
  writeFileSync(file, data, { mode: 0o600 });
  if (uid !== null) chownSync(file, uid, uid);
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
