import fs from "node:fs";
import path from "node:path";

/** Group and others get nothing of what this process creates from now on. */
const PRIVATE_UMASK = 0o077;

/** Takes group and other bits off `target` and, for a folder, everything in it (symlinks are left alone). */
function privateTree(target: string): void {
  const stat = fs.lstatSync(target);
  if (stat.isSymbolicLink()) return;
  if ((stat.mode & 0o077) !== 0) fs.chmodSync(target, stat.mode & 0o7700);
  if (!stat.isDirectory()) return;
  for (const name of fs.readdirSync(target)) privateTree(path.join(target, name));
}

/**
 * Makes DATA_DIR private to this process's user whatever existed before: a umask of
 * 0o077 for everything written from now on (the embedded database writes 0666, mail
 * 0644), and folders 0700, files 0600 for what is already there. Call it in every
 * process that writes DATA_DIR, once it runs as DATA_DIR's owner.
 */
export function makeDataDirPrivate(dataDir: string): void {
  process.umask(PRIVATE_UMASK);
  fs.mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  privateTree(dataDir);
}
