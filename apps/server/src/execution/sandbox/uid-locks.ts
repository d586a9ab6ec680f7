import fs from "node:fs/promises";
import path from "node:path";

/**
 * Where every CodeRoom instance on this host records which sandbox uids it holds,
 * whatever its SANDBOX_DIR: one file per uid, named by the uid, holding the owner's pid.
 * On tmpfs, so a reboot frees everything.
 */
export const UID_LOCK_DIR = "/dev/shm/coderoom-uids";

function alive(pid: number): boolean {
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === "EPERM";
  }
}

/** Takes the lock file of `uid` unless a live process holds it (a dead owner's lock is taken over). */
async function tryLock(dir: string, uid: number): Promise<boolean> {
  const file = path.join(dir, String(uid));
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      await fs.writeFile(file, String(process.pid), { flag: "wx", mode: 0o644 });
      return true;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== "EEXIST") throw err;
    }
    const owner = Number(await fs.readFile(file, "utf8").catch(() => ""));
    if (alive(owner)) return false;
    // A crashed owner: remove its lock once (a racing instance may do the same; then one of us wins "wx").
    await fs.rm(file, { force: true });
  }
  return false;
}

/** The uids this process holds; give them back with release(). */
export interface UidLease {
  uids: number[];
  release(): Promise<void>;
}

/**
 * Claims `count` sandbox uids from `base` upwards that no other live instance on this
 * host holds, so two servers never run jobs under the same uid (one could otherwise
 * signal or read the other's jobs). Skips held uids; searches at most `count * 64` uids.
 */
export async function claimUids(base: number, count: number, dir = UID_LOCK_DIR): Promise<UidLease> {
  await fs.mkdir(dir, { recursive: true, mode: 0o755 });
  const uids: number[] = [];
  const release = async () => {
    await Promise.all(uids.map((uid) => fs.rm(path.join(dir, String(uid)), { force: true })));
  };
  for (let uid = base; uids.length < count && uid < base + count * 64; uid++) {
    if (await tryLock(dir, uid)) uids.push(uid);
  }
  if (uids.length < count) {
    await release();
    throw new Error(`only ${uids.length} of ${count} sandbox uids from ${base} are free (other instances hold the rest; see ${dir})`);
  }
  return { uids, release };
}
