import { spawn } from "node:child_process";
import fs from "node:fs/promises";
import path from "node:path";
import { parseMountinfo } from "./detect-cgroups";
import { CgroupV2Driver } from "./cgroup-v2";

/** Started without root, every job is this uid and gid (nobody) inside its own user namespace. */
export const ROOTLESS_JOB_UID = 65534;

/** The delegated group's leaf that holds CodeRoom's own processes, and the parent of the job groups beside it. */
const SERVER_LEAF = "server";
const JOBS_GROUP = "jobs";
const CONTROLLERS = ["memory", "pids", "cpu"] as const;

export interface RootlessCheckOptions {
  bwrap: string;
  bash: string;
  /** The host's filesystem root ("/"); tests point it at a fixture directory. */
  root?: string;
  /** The proc filesystem ("/proc"), read for this process's cgroup, its mounts and the sysctls. */
  proc?: string;
  /** Who must be able to manage the cgroup (this process's uid and groups). */
  uid?: number;
  gids?: number[];
}

export type RootlessHost = { ok: true; cgroupDir: string } | { ok: false; reason: string };

/**
 * Whether this host lets a server started without root sandbox jobs as strictly as
 * README's rootless mode says: unprivileged user namespaces for bubblewrap, and a
 * cgroup v2 group delegated to us with memory, pids and cpu. The reason names every
 * missing piece and how to provide it.
 */
export async function inspectRootlessHost(opts: RootlessCheckOptions): Promise<RootlessHost> {
  const [userns, cgroup] = await Promise.all([userNamespaceProblem(opts), delegatedCgroup(opts)]);
  const problems = [userns, "problem" in cgroup ? cgroup.problem : null].filter((p): p is string => p !== null);
  if (problems.length > 0 || !("dir" in cgroup)) {
    return {
      ok: false,
      reason:
        `Code execution is unavailable: the server was started without root, and the rootless sandbox lacks ${problems.join("; and ")}. ` +
        "Or start CodeRoom as root (sudo npm start), or set EXECUTION_BACKEND=judge0 to use a Judge0 cluster.",
    };
  }
  return { ok: true, cgroupDir: cgroup.dir };
}

/** Runs bubblewrap the way jobs use it (new user namespace, uid 65534); null when that works. */
async function userNamespaceProblem(opts: RootlessCheckOptions): Promise<string | null> {
  const args = ["--unshare-all", "--unshare-user", "--disable-userns", "--die-with-parent", "--uid", String(ROOTLESS_JOB_UID), "--gid", String(ROOTLESS_JOB_UID)];
  const probe = await new Promise<{ code: number | null; stderr: string }>((resolve) => {
    const child = spawn(opts.bwrap, [...args, "--ro-bind", "/", "/", "--dev", "/dev", "--proc", "/proc", opts.bash, "-c", "exit 0"], { stdio: ["ignore", "ignore", "pipe"], timeout: 10_000 });
    let stderr = "";
    child.stderr.on("data", (d: Buffer) => (stderr += d.toString()));
    child.on("error", (err) => resolve({ code: null, stderr: err.message }));
    child.on("close", (code) => resolve({ code, stderr }));
  });
  if (probe.code === 0) return null;
  const sysctl = (name: string) => fs.readFile(path.join(opts.proc ?? "/proc", "sys", name), "utf8").then((s) => s.trim(), () => null);
  const [clone, max, apparmor] = await Promise.all([sysctl("kernel/unprivileged_userns_clone"), sysctl("user/max_user_namespaces"), sysctl("kernel/apparmor_restrict_unprivileged_userns")]);
  let fix = "enable them (sysctl kernel.unprivileged_userns_clone=1 where it exists, and user.max_user_namespaces above 0)";
  if (clone === "0") fix = "kernel.unprivileged_userns_clone is 0: enable it (sysctl -w kernel.unprivileged_userns_clone=1)";
  else if (max === "0") fix = "user.max_user_namespaces is 0: raise it (sysctl -w user.max_user_namespaces=10000)";
  else if (apparmor === "1") fix = "AppArmor restricts them (kernel.apparmor_restrict_unprivileged_userns=1): give bwrap an AppArmor profile that allows userns, or set it to 0";
  const said = probe.stderr.trim().split("\n")[0] || `exit code ${probe.code}`;
  return `unprivileged user namespaces, which bubblewrap needs (bwrap says: ${said}); ${fix}`;
}

const delegationHint = "run CodeRoom under a systemd unit with Delegate=yes on a cgroup v2 host (e.g. systemd-run --user --scope -p Delegate=yes npm start)";

/**
 * This process's cgroup v2 group, when it is delegated to us: writable, offering
 * memory, pids and cpu. A server restarted inside its own leaf (<group>/server, where
 * the first start moved it) uses the group above again.
 */
async function delegatedCgroup(opts: RootlessCheckOptions): Promise<{ dir: string } | { problem: string }> {
  const root = opts.root ?? "/";
  const proc = opts.proc ?? "/proc";
  const [cgroupText, mountText] = await Promise.all([fs.readFile(path.join(proc, "self", "cgroup"), "utf8").catch(() => ""), fs.readFile(path.join(proc, "self", "mountinfo"), "utf8").catch(() => "")]);
  const mounts = parseMountinfo(mountText);
  const unified = mounts.find((m) => m.fstype === "cgroup2");
  const own = /^0::(\/.*)$/m.exec(cgroupText)?.[1]?.replace(/ \(deleted\)$/, "");
  if (!unified || own === undefined) {
    return { problem: `cgroup v2 delegation: this host has no cgroup v2 hierarchy (cgroup v1 only), so each job's memory, process and CPU limits need root; ${delegationHint}` };
  }
  const relative = path.posix.relative(unified.root, own);
  if (relative.startsWith("..")) return { problem: `cgroup v2 delegation: this process's cgroup ${own} is outside the mounted cgroup v2 tree; ${delegationHint}` };
  let dir = path.join(root, unified.point, relative);
  if (path.basename(dir) === SERVER_LEAF && (await isDir(path.join(dir, "..", JOBS_GROUP)))) dir = path.dirname(dir);

  const uid = opts.uid ?? process.getuid?.() ?? 0;
  const gids = opts.gids ?? process.getgroups?.() ?? [];
  const shown = path.join("/", path.relative(root, dir));
  const issues: string[] = [];
  const notWritable: string[] = [];
  for (const name of ["", "cgroup.procs", "cgroup.subtree_control"]) {
    if (!(await writableBy(path.join(dir, name), uid, gids))) notWritable.push(name || "the directory");
  }
  if (notWritable.length > 0) issues.push(`is not delegated to uid ${uid} (${notWritable.join(", ")} not writable)`);
  const offered = (await fs.readFile(path.join(dir, "cgroup.controllers"), "utf8").catch(() => "")).split(/\s+/);
  const absent = CONTROLLERS.filter((c) => !offered.includes(c));
  if (absent.length > 0) {
    const heldByV1 = absent.filter((c) => mounts.some((m) => m.fstype === "cgroup" && m.options.includes(c)));
    const why = heldByV1.length > 0 ? ` (${heldByV1.join(", ")} ${heldByV1.length > 1 ? "are" : "is"} held by cgroup v1 hierarchies: boot with systemd.unified_cgroup_hierarchy=1)` : "";
    issues.push(`does not offer the ${absent.join(", ")} controller${absent.length > 1 ? "s" : ""}${why}`);
  }
  if (issues.length > 0) return { problem: `cgroup v2 delegation: this process's cgroup ${shown} ${issues.join(" and ")}; ${delegationHint}` };
  return { dir };
}

async function isDir(p: string): Promise<boolean> {
  return fs.stat(p).then((st) => st.isDirectory(), () => false);
}

/** Write permission from the mode bits (cgroupfs has no ACLs); root may write anything. */
async function writableBy(p: string, uid: number, gids: number[]): Promise<boolean> {
  if (uid === 0) return true;
  const st = await fs.stat(p).catch(() => null);
  if (!st) return false;
  if (st.uid === uid) return (st.mode & 0o200) !== 0;
  if (gids.includes(st.gid)) return (st.mode & 0o020) !== 0;
  return (st.mode & 0o002) !== 0;
}

/**
 * Sets up the delegated group for jobs. cgroup v2 lets a group hand controllers to its
 * children only while it holds no process itself, so CodeRoom's processes (and whatever
 * else was started in the group) move into <group>/server; job groups are made under
 * <group>/jobs, with memory, pids and cpu enabled for them.
 */
export async function openDelegatedCgroups(dir: string): Promise<CgroupV2Driver> {
  const leaf = path.join(dir, SERVER_LEAF);
  await fs.mkdir(leaf, { recursive: true });
  // A process forked while we move its parent may land in the group; a few passes catch it.
  for (let pass = 0; pass < 3; pass++) {
    const pids = (await fs.readFile(path.join(dir, "cgroup.procs"), "utf8")).split("\n").filter(Boolean);
    if (pids.length === 0) break;
    for (const pid of pids) await fs.writeFile(path.join(leaf, "cgroup.procs"), pid).catch(() => undefined);
  }
  try {
    return await CgroupV2Driver.open(path.join(dir, JOBS_GROUP), dir);
  } catch (err) {
    const left = (await fs.readFile(path.join(dir, "cgroup.procs"), "utf8").catch(() => "")).split("\n").filter(Boolean);
    const why = left.length > 0 ? `; processes ${left.join(", ")} could not be moved out of it into ${SERVER_LEAF}/` : "";
    throw new Error(`cannot enable ${CONTROLLERS.join(", ")} for jobs under the delegated cgroup ${dir} (${(err as Error).message}${why})`);
  }
}
