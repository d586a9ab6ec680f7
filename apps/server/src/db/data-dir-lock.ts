import fs from "node:fs";
import os from "node:os";
import path from "node:path";

/** What the lock file says about its owner. */
export interface LockOwner {
  pid: number;
  host: string;
  /** Unix socket of the owner's admin channel (servers only), for `npm run admin`. */
  adminSocket?: string;
}

/** Thrown when another live process owns the embedded database. */
export class DataDirLockedError extends Error {
  constructor(
    readonly dir: string,
    readonly owner: LockOwner,
  ) {
    super(
      `The embedded database in ${dir} is in use by another CodeRoom process (pid ${owner.pid}). ` +
        "Only one process may open it: stop that server first, or give this one its own DATA_DIR " +
        "(or use PostgreSQL with DATABASE_URL to run several). `npm run admin` works through a running server by itself.",
    );
    this.name = "DataDirLockedError";
  }
}

export interface DataDirLock {
  readonly file: string;
  /** Records the admin socket in the lock file, so `npm run admin` can find the server. */
  advertise(adminSocket: string): void;
  release(): void;
}

/** The lock file beside the PGlite folder (not inside it: PGlite owns that folder's content). */
export const lockFileOf = (pgliteDir: string) => `${path.resolve(pgliteDir)}.lock`;

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    // EPERM: it exists but belongs to another user; still alive.
    return (err as NodeJS.ErrnoException).code === "EPERM";
  }
}

function readOwner(file: string): LockOwner | null {
  try {
    const owner = JSON.parse(fs.readFileSync(file, "utf8")) as LockOwner;
    return Number.isInteger(owner.pid) ? owner : null;
  } catch {
    return null;
  }
}

/**
 * The live owner of the PGlite folder, or null when it is free. A lock whose process is
 * gone (a crash, a kill -9) does not count. On another host we cannot tell, so it counts.
 */
export function currentOwner(pgliteDir: string): LockOwner | null {
  const owner = readOwner(lockFileOf(pgliteDir));
  if (!owner) return null;
  if (owner.host === os.hostname() && !isAlive(owner.pid)) return null;
  return owner;
}

/** Throws DataDirLockedError when a live process owns the folder: the early, read-only check. */
export function assertDataDirFree(pgliteDir: string): void {
  const owner = currentOwner(pgliteDir);
  if (owner) throw new DataDirLockedError(pgliteDir, owner);
}

/**
 * Takes the embedded database for this process, or throws DataDirLockedError. PGlite has
 * no lock of its own, and two processes writing one folder corrupt it (issue 10 §2.1).
 * The file is created atomically (link of a complete temp file), so two starters cannot
 * both win; a stale lock is moved aside by rename, which also only one of them can do.
 */
export function acquireDataDirLock(pgliteDir: string): DataDirLock {
  const file = lockFileOf(pgliteDir);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const me: LockOwner = { pid: process.pid, host: os.hostname() };
  const temp = `${file}.${process.pid}.tmp`;
  const write = (owner: LockOwner, target: string) => fs.writeFileSync(target, JSON.stringify(owner), { mode: 0o600 });
  write(me, temp);
  try {
    for (let attempt = 0; ; attempt++) {
      try {
        fs.linkSync(temp, file);
        break;
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code !== "EEXIST" || attempt >= 3) throw err;
      }
      const owner = currentOwner(pgliteDir);
      if (owner) throw new DataDirLockedError(pgliteDir, owner);
      // Stale: move it aside (atomic, one winner), then try again. If what we moved turns
      // out to be a live owner's fresh lock (it replaced the stale one meanwhile), put it back.
      const aside = `${file}.stale.${process.pid}`;
      try {
        fs.renameSync(file, aside);
        const moved = readOwner(aside);
        if (moved && isAlive(moved.pid)) fs.linkSync(aside, file);
      } catch {
        // Someone else moved it first; the next link attempt decides.
      } finally {
        fs.rmSync(aside, { force: true });
      }
    }
  } finally {
    fs.rmSync(temp, { force: true });
  }
  let released = false;
  const release = () => {
    if (released) return;
    released = true;
    process.off("exit", release);
    // Only remove our own lock, never a successor's.
    if (readOwner(file)?.pid === process.pid) fs.rmSync(file, { force: true });
  };
  process.on("exit", release);
  return {
    file,
    advertise(adminSocket) {
      const next = `${file}.${process.pid}.next`;
      write({ ...me, adminSocket }, next);
      fs.renameSync(next, file);
    },
    release,
  };
}
