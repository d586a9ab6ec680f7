import { createHash } from "node:crypto";
import fs from "node:fs";
import nodeModule from "node:module";
import path from "node:path";

/** A host file or folder that jobs see read-only at another path. */
export interface HostBind {
  host: string;
  sandbox: string;
}

/** Where jobs find the Node.js that runs CodeRoom (wherever it is installed: /usr, /usr/local, ~/.nvm...). */
export const JOB_NODE = "/opt/node/bin/node";
/** Where jobs find the TypeScript compiler that `npm install` put beside CodeRoom. */
export const JOB_TYPESCRIPT = "/opt/typescript";
export const JOB_TSC = `${JOB_TYPESCRIPT}/lib/tsc.js`;

/** Where copies of toolchain files that job uids could not reach are kept (root mode only). */
export const STAGE_DIR = "/var/cache/coderoom";

/** The folder of the typescript package CodeRoom resolves, or null (not installed). */
function typescriptDir(): string | null {
  try {
    // Not the named import: the server's bundle already declares createRequire (bundle.mjs).
    return path.dirname(fs.realpathSync(nodeModule.createRequire(import.meta.url).resolve("typescript/package.json")));
  } catch {
    return null;
  }
}

/** Whether any uid may read `p`: it is readable by others and every folder above it searchable. */
function reachableByOthers(p: string): boolean {
  for (let dir = path.dirname(p); dir !== path.dirname(dir); dir = path.dirname(dir)) {
    if ((fs.statSync(dir).mode & 0o001) === 0) return false;
  }
  return (fs.statSync(p).mode & 0o004) !== 0;
}

function linkTree(src: string, dest: string): void {
  if (!fs.statSync(src).isDirectory()) return fs.linkSync(src, dest);
  fs.mkdirSync(dest, { mode: 0o755 });
  for (const name of fs.readdirSync(src)) linkTree(path.join(src, name), path.join(dest, name));
}

/**
 * `src` where job uids can read it: itself, or (a root's ~/.nvm, a checkout under /root)
 * a copy in `stageDir` named by its identity, made of hard links where one file system
 * holds both (no space used), else copied. bwrap opens bind sources as the job's uid.
 */
function reachable(src: string, stageDir: string): string {
  if (reachableByOthers(src)) return src;
  const st = fs.statSync(src);
  const id = createHash("sha256").update(`${src}:${st.ino}:${st.size}:${st.mtimeMs}`).digest("hex").slice(0, 12);
  const dest = path.join(stageDir, `${path.basename(src)}-${id}`);
  if (fs.existsSync(dest)) return dest;
  fs.mkdirSync(stageDir, { recursive: true, mode: 0o755 });
  const tmp = `${dest}.${process.pid}`;
  fs.rmSync(tmp, { recursive: true, force: true });
  try {
    linkTree(src, tmp);
  } catch {
    fs.rmSync(tmp, { recursive: true, force: true });
    fs.cpSync(src, tmp, { recursive: true });
  }
  fs.renameSync(tmp, dest);
  return dest;
}

/**
 * What JavaScript and TypeScript need bound into a job: this process's own node binary
 * (the file only) and the typescript package folder, so they run as soon as CodeRoom
 * does, with no toolchain to install. `stage`: jobs run as other uids (root mode).
 */
export function nodeToolchainBinds(opts: { node?: string; stage?: boolean; stageDir?: string } = {}): HostBind[] {
  const stage = opts.stage ?? process.getuid?.() === 0;
  const host = (p: string) => (stage ? reachable(p, opts.stageDir ?? STAGE_DIR) : p);
  const ts = typescriptDir();
  return [{ host: host(fs.realpathSync(opts.node ?? process.execPath)), sandbox: JOB_NODE }, ...(ts ? [{ host: host(ts), sandbox: JOB_TYPESCRIPT }] : [])];
}

/** The bind that provides a sandbox path, if any. */
export function bindOf(item: string, binds: readonly HostBind[]): HostBind | undefined {
  return binds.find((b) => item === b.sandbox || item.startsWith(`${b.sandbox}/`));
}

/** The host path behind a sandbox path that a bind provides (other arguments unchanged). */
export function hostPathOf(item: string, binds: readonly HostBind[]): string {
  const bind = bindOf(item, binds);
  return bind ? bind.host + item.slice(bind.sandbox.length) : item;
}
