import fs from "node:fs/promises";
import path from "node:path";
import { rootLinks, type SandboxMode, type SandboxTools } from "./bwrap-command";
import type { CgroupDriver } from "./cgroup";
import { detectCgroups } from "./detect-cgroups";
import { inspectRootlessHost, openDelegatedCgroups, ROOTLESS_JOB_UID } from "./rootless-host";
import { buildSeccompFilter } from "./seccomp-filter";

const TOOL_DIRS = ["/usr/bin", "/bin", "/usr/sbin", "/sbin", "/usr/local/bin"];

async function findTool(name: string): Promise<string | null> {
  for (const dir of TOOL_DIRS) {
    const candidate = path.join(dir, name);
    try {
      await fs.access(candidate, fs.constants.X_OK);
      return candidate;
    } catch {
      // try the next directory
    }
  }
  return null;
}

export type SandboxHost = { ok: true; tools: SandboxTools; cgroups: CgroupDriver } | { ok: false; reason: string };

/**
 * Checks what the sandbox needs on this host. Started as root it runs in root mode;
 * without root, in rootless mode when the kernel allows it (rootless-host.ts), else
 * not at all. The reasons are shown to users verbatim (503), so they say what to
 * install or change; the server never falls back to running code with less isolation.
 */
export async function inspectSandboxHost(): Promise<SandboxHost> {
  const [bwrap, bash, stdbuf] = await Promise.all([findTool("bwrap"), findTool("bash"), findTool("stdbuf")]);
  if (!bwrap) {
    return { ok: false, reason: "Code execution is unavailable: bubblewrap is not installed on the server (sudo apt-get install bubblewrap)." };
  }
  if (!bash) {
    return { ok: false, reason: "Code execution is unavailable: bash is missing on the server (sudo apt-get install bash)." };
  }
  const mode = process.getuid?.() === 0 ? "root" : "rootless";
  const rootless = mode === "rootless" ? await inspectRootlessHost({ bwrap, bash }) : null;
  if (rootless && !rootless.ok) return rootless;
  const seccomp = buildSeccompFilter();
  if (!seccomp) {
    return { ok: false, reason: `Code execution is unavailable: the sandbox has no seccomp filter for this CPU architecture (${process.arch}).` };
  }
  try {
    const cgroups = rootless?.ok ? await openDelegatedCgroups(rootless.cgroupDir) : await detectCgroups();
    return { ok: true, tools: { mode, bwrap, bash, stdbuf: stdbuf?.startsWith("/usr/") ? stdbuf : null, rootLinks: await rootLinks(), seccomp }, cgroups };
  } catch (err) {
    return { ok: false, reason: `Code execution is unavailable: cgroups are not usable (${(err as Error).message}).` };
  }
}

/**
 * Prepares the sandbox's host directory: runs/ for per-run work dirs and etc/ with
 * passwd and group files naming the job uids (some runtimes look their user up); in
 * rootless mode every job is uid 65534 in its own user namespace.
 */
export async function prepareRootDir(rootDir: string, uids: number[], mode: SandboxMode = "root"): Promise<{ runsDir: string; etcDir: string }> {
  const runsDir = path.join(rootDir, "runs");
  const etcDir = path.join(rootDir, "etc");
  // 0711: the job uid (bwrap runs as it) must traverse to its work dir but cannot list others.
  for (const dir of [rootDir, runsDir, etcDir]) {
    await fs.mkdir(dir, { recursive: true, mode: 0o711 });
    await fs.chmod(dir, 0o711);
  }
  const jobUids = mode === "rootless" ? [ROOTLESS_JOB_UID] : uids;
  const users = jobUids.map((uid, i) => `sandbox${i}:x:${uid}:${uid}:CodeRoom sandbox:/box:/usr/sbin/nologin`);
  const groups = jobUids.map((uid, i) => `sandbox${i}:x:${uid}:`);
  await fs.writeFile(path.join(etcDir, "passwd"), ["root:x:0:0:root:/root:/usr/sbin/nologin", ...users, ""].join("\n"), { mode: 0o644 });
  await fs.writeFile(path.join(etcDir, "group"), ["root:x:0:", ...groups, ""].join("\n"), { mode: 0o644 });
  return { runsDir, etcDir };
}
