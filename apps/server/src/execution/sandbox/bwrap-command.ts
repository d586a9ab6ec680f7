import fs from "node:fs/promises";
import path from "node:path";
import type { HostBind } from "../languages/node-toolchain";
import { ROOTLESS_JOB_UID } from "./rootless-host";

/**
 * root: each job runs as its own host uid (the runner has root to switch to it).
 * rootless: the server has no root; each job is uid 65534 in its own user namespace,
 * which is the server's uid on the host (README, "Which guarantees hold where").
 */
export type SandboxMode = "root" | "rootless";

/** What the sandbox is built from on this host, found once at start. */
export interface SandboxTools {
  mode: SandboxMode;
  bwrap: string;
  bash: string;
  /** bwrap arguments that recreate the host's top-level /bin, /lib... in the sandbox (rootLinks). */
  rootLinks: string[];
  /** /usr/bin/stdbuf when installed (streamed runs make C stdio line-buffered with it). */
  stdbuf: string | null;
  /** The seccomp program every job runs under (seccomp-filter.ts). */
  seccomp: Buffer;
}

/** The gate hands bwrap its options and its seccomp filter on these descriptors. */
export const BWRAP_ARGS_FD = 5;
export const BWRAP_SECCOMP_FD = 4;
/** A warm sandbox's bwrap waits on this descriptor, fully set up, until its job arrives. */
export const BWRAP_BLOCK_FD = 6;

/**
 * How bwrap is started: the options travel on a descriptor (--args), so the sandbox's
 * pid 1 (bwrap itself, visible in /proc/1/cmdline) shows no host path; only the job's
 * own argv, which names sandbox paths, is on the command line.
 */
export interface BwrapInvocation {
  command: string[];
  /** NUL-separated on BWRAP_ARGS_FD. */
  options: string[];
}

export interface BwrapStep {
  /** Host directory mounted read-write at /box, the job's working directory. */
  boxDir: string;
  /** Host directory holding the generated passwd and group files. */
  etcDir: string;
  /** Configuration the language's toolchain reads (e.g. /etc/java-17-openjdk), bound read-only when present. */
  etc: readonly string[];
  /** Host files outside /usr the toolchain needs (CodeRoom's own node binary, npm's TypeScript), bound read-only. */
  binds: readonly HostBind[];
  tmpBytes: number;
  env: Record<string, string>;
  argv: string[];
  /** Set up now, start the job later (warm sandbox): bwrap waits on BWRAP_BLOCK_FD. */
  blocked?: boolean;
}

/** What every job may read from /etc: the dynamic linker cache and the alternatives symlinks. */
const BASE_ETC = ["/etc/alternatives", "/etc/ld.so.cache"];

/** bwrap arguments for the top-level directories that merged-/usr systems make symlinks into /usr (read once at start). */
export async function rootLinks(): Promise<string[]> {
  const args: string[] = [];
  for (const name of ["bin", "sbin", "lib", "lib32", "lib64", "libx32"]) {
    const host = `/${name}`;
    try {
      const st = await fs.lstat(host);
      if (st.isSymbolicLink()) args.push("--symlink", await fs.readlink(host), host);
      else if (st.isDirectory()) args.push("--ro-bind", host, host);
    } catch {
      // absent on this system
    }
  }
  return args;
}

/**
 * bwrap's invocation for one step: every namespace new (no network at all), /usr
 * read-only, a read-only root with a private /tmp and the work dir at /box, a cleared
 * environment, the seccomp filter. In root mode the gate starts it as the job's uid
 * (bwrap's --uid alone would keep real uid 0); in rootless mode it runs as the server's
 * uid and maps it to 65534. bwrap itself sets no_new_privs and drops all capabilities.
 */
export function bwrapInvocation(tools: SandboxTools, step: BwrapStep): BwrapInvocation {
  const etc = [...BASE_ETC, ...step.etc].flatMap((p) => ["--ro-bind-try", p, p]);
  const env = Object.entries(step.env).flatMap(([k, v]) => ["--setenv", k, v]);
  const options = [
    "--unshare-all",
    "--unshare-user",
    "--disable-userns",
    ...(tools.mode === "rootless" ? ["--uid", String(ROOTLESS_JOB_UID), "--gid", String(ROOTLESS_JOB_UID)] : []),
    "--die-with-parent",
    "--new-session",
    "--clearenv",
    "--hostname",
    "sandbox",
    "--ro-bind",
    "/usr",
    "/usr",
    ...tools.rootLinks,
    ...etc,
    ...step.binds.flatMap((b) => ["--ro-bind", b.host, b.sandbox]),
    "--ro-bind",
    path.join(step.etcDir, "passwd"),
    "/etc/passwd",
    "--ro-bind",
    path.join(step.etcDir, "group"),
    "/etc/group",
    "--proc",
    "/proc",
    "--dev",
    "/dev",
    "--size",
    String(step.tmpBytes),
    "--tmpfs",
    "/tmp",
    "--bind",
    step.boxDir,
    "/box",
    "--chdir",
    "/box",
    // The root is bwrap's own tmpfs: read-only, so only /box and /tmp take writes.
    "--remount-ro",
    "/",
    ...env,
    "--seccomp",
    String(BWRAP_SECCOMP_FD),
    ...(step.blocked ? ["--block-fd", String(BWRAP_BLOCK_FD)] : []),
  ];
  return { command: [tools.bwrap, "--args", String(BWRAP_ARGS_FD), "--", ...step.argv], options };
}
