import fs from "node:fs/promises";
import path from "node:path";

/** What the sandbox is built from on this host, found once at start. */
export interface SandboxTools {
  bwrap: string;
  bash: string;
  /** bwrap arguments that recreate the host's top-level /bin, /lib... in the sandbox (rootLinks). */
  rootLinks: string[];
}

export interface BwrapStep {
  /** Host directory mounted read-write at /box, the job's working directory. */
  boxDir: string;
  /** Host directory holding the generated passwd and group files. */
  etcDir: string;
  /** Configuration the language's toolchain reads (e.g. /etc/java-17-openjdk), bound read-only when present. */
  etc: readonly string[];
  tmpBytes: number;
  env: Record<string, string>;
  argv: string[];
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
 * bwrap's arguments for one step: every namespace new (no network at all), /usr
 * read-only, a read-only root with a private /tmp and the work dir at /box, a cleared
 * environment. The gate starts it as the job's uid (bwrap's --uid alone would keep
 * real uid 0); bwrap itself sets no_new_privs and drops all capabilities.
 */
export function bwrapArgs(tools: SandboxTools, step: BwrapStep): string[] {
  const etc = [...BASE_ETC, ...step.etc].flatMap((p) => ["--ro-bind-try", p, p]);
  const env = Object.entries(step.env).flatMap(([k, v]) => ["--setenv", k, v]);
  return [
    "--unshare-all",
    "--unshare-user",
    "--disable-userns",
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
    "--",
    ...step.argv,
  ];
}
