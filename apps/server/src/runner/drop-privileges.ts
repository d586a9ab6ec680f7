import fs from "node:fs/promises";
import path from "node:path";

/** Gives `dir` and everything in it to `uid` (the web process's data: database, uploads, outbox). */
async function chownTree(dir: string, uid: number, gid: number): Promise<void> {
  await fs.lchown(dir, uid, gid);
  for (const entry of await fs.readdir(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) await chownTree(full, uid, gid);
    else await fs.lchown(full, uid, gid);
  }
}

/**
 * Started as root, the web process becomes `uid` (group `uid`, no supplementary groups)
 * before it opens the database or listens; it owns DATA_DIR. Nothing it parses (HTTP,
 * uploads, images) then runs as root. Returns false when it was not root to begin with.
 */
export async function dropPrivileges(opts: { uid: number; dataDir: string }): Promise<boolean> {
  if (process.getuid?.() !== 0) return false;
  await fs.mkdir(opts.dataDir, { recursive: true, mode: 0o700 });
  await chownTree(opts.dataDir, opts.uid, opts.uid);
  process.setgroups?.([]);
  process.setgid?.(opts.uid);
  process.setuid?.(opts.uid);
  if (process.getuid?.() === 0 || process.geteuid?.() === 0) throw new Error("could not give up root");
  return true;
}
