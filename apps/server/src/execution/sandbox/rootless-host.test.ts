import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { inspectRootlessHost, openDelegatedCgroups } from "./rootless-host";

const V2_MOUNT = "30 23 0:26 / /sys/fs/cgroup rw,nosuid,nodev,noexec,relatime shared:4 - cgroup2 cgroup2 rw,nsdelegate,memory_recursiveprot";
const V1_MOUNTS = ["memory", "pids", "cpu", "cpuacct"].map((c, i) => `${32 + i} 31 0:${29 + i} / /sys/fs/cgroup/${c} rw,relatime - cgroup cgroup rw,${c}`);
const HYBRID_MOUNT = "41 31 0:38 / /sys/fs/cgroup/unified rw,relatime - cgroup2 cgroup2 rw";
const UNIT = "/user.slice/user-1000.slice/user@1000.service/app.slice/coderoom.service";
/** The probe's bwrap stand-ins: user namespaces "work" (true ignores its arguments) or do not. */
const USERNS_OK = "/bin/true";
const USERNS_FAILS = "/bin/false";
/** Whom the fixture's cgroup is delegated to: a non-root uid, so the mode bits decide (root may write anything). */
const me = process.getuid?.() === 0 ? 65534 : process.getuid!();

const made: string[] = [];
afterEach(async () => {
  for (const dir of made.splice(0)) await fs.rm(dir, { recursive: true, force: true });
});

interface Fixture {
  mountinfo: string[];
  cgroup: string;
  /** The group's directory under the fixture root, with these controllers; absent: no such directory. */
  group?: { path: string; controllers: string; writable: boolean };
  sysctl?: Record<string, string>;
}

/** A host seen through a fixture directory: root/ holds the cgroup tree, proc/ the kernel's view. */
async function fixtureHost(f: Fixture): Promise<{ root: string; proc: string; dir: string }> {
  const base = await fs.mkdtemp(path.join(os.tmpdir(), "coderoom-rootless-"));
  made.push(base);
  const root = path.join(base, "root");
  const proc = path.join(base, "proc");
  await fs.mkdir(path.join(proc, "self"), { recursive: true });
  await fs.writeFile(path.join(proc, "self", "mountinfo"), f.mountinfo.join("\n") + "\n");
  await fs.writeFile(path.join(proc, "self", "cgroup"), f.cgroup);
  for (const [name, value] of Object.entries(f.sysctl ?? {})) {
    await fs.mkdir(path.dirname(path.join(proc, "sys", name)), { recursive: true });
    await fs.writeFile(path.join(proc, "sys", name), `${value}\n`);
  }
  const dir = path.join(root, f.group?.path ?? "/sys/fs/cgroup");
  await fs.mkdir(dir, { recursive: true });
  if (f.group) {
    const files = { "cgroup.controllers": f.group.controllers, "cgroup.procs": "4242\n4243\n", "cgroup.subtree_control": "" };
    for (const [name, text] of Object.entries(files)) {
      await fs.writeFile(path.join(dir, name), text);
      if (process.getuid?.() === 0) await fs.chown(path.join(dir, name), me, me);
      if (!f.group.writable) await fs.chmod(path.join(dir, name), 0o444);
    }
    if (process.getuid?.() === 0) await fs.chown(dir, me, me);
    if (!f.group.writable) await fs.chmod(dir, 0o555);
  }
  return { root, proc, dir };
}

const check = (host: { root: string; proc: string }, bwrap = USERNS_OK) => inspectRootlessHost({ bwrap, bash: "/bin/bash", root: host.root, proc: host.proc, uid: me, gids: [me] });

const delegated: Fixture = {
  mountinfo: [V2_MOUNT],
  cgroup: `0::${UNIT}\n`,
  group: { path: `/sys/fs/cgroup${UNIT}`, controllers: "cpuset cpu io memory pids", writable: true },
};

describe("the rootless sandbox's host check (fixture hosts)", () => {
  it("refuses a cgroup v1-only host, naming cgroup v2 delegation and how to get it", async () => {
    const host = await fixtureHost({ mountinfo: V1_MOUNTS, cgroup: ["4:memory:/", "3:pids:/", "2:cpu,cpuacct:/"].join("\n") });
    const r = await check(host);
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.reason).toMatch(/^Code execution is unavailable: the server was started without root/);
    expect(r.reason).toContain("cgroup v2 delegation: this host has no cgroup v2 hierarchy (cgroup v1 only)");
    expect(r.reason).toContain("a systemd unit with Delegate=yes on a cgroup v2 host");
    expect(r.reason).toContain("start CodeRoom as root");
    expect(r.reason).not.toContain("user namespaces");
  });

  it("refuses a cgroup v2 group that is not delegated (not writable by the server's uid)", async () => {
    const host = await fixtureHost({ ...delegated, group: { ...delegated.group!, writable: false } });
    const r = await check(host);
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.reason).toContain(`cgroup v2 delegation: this process's cgroup /sys/fs/cgroup${UNIT} is not delegated to uid ${me}`);
    expect(r.reason).toContain("the directory, cgroup.procs, cgroup.subtree_control not writable");
    expect(r.reason).toContain("Delegate=yes");
  });

  it("refuses a delegated cgroup v2 group that does not offer the cpu controller", async () => {
    const host = await fixtureHost({ ...delegated, group: { ...delegated.group!, controllers: "memory pids" } });
    const r = await check(host);
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.reason).toContain(`cgroup ${"/sys/fs/cgroup" + UNIT} does not offer the cpu controller;`);
    expect(r.reason).not.toContain("not delegated");
  });

  it("on a hybrid host says the controllers belong to cgroup v1", async () => {
    const host = await fixtureHost({
      mountinfo: [...V1_MOUNTS, HYBRID_MOUNT],
      cgroup: "4:memory:/\n0::/\n",
      group: { path: "/sys/fs/cgroup/unified", controllers: "", writable: false },
    });
    const r = await check(host);
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.reason).toContain("cgroup /sys/fs/cgroup/unified is not delegated");
    expect(r.reason).toContain("does not offer the memory, pids, cpu controllers (memory, pids, cpu are held by cgroup v1 hierarchies");
  });

  it("accepts a delegated cgroup v2 group, then moves its processes into a leaf and enables memory, pids and cpu for job groups", async () => {
    const host = await fixtureHost(delegated);
    const r = await check(host);
    expect(r).toEqual({ ok: true, cgroupDir: host.dir });
    const driver = await openDelegatedCgroups(host.dir);
    expect(driver.version).toBe(2);
    // Each write to a real cgroup.procs moves one process; the fixture's file keeps the last.
    expect(await fs.readFile(path.join(host.dir, "server", "cgroup.procs"), "utf8")).toBe("4243");
    expect(await fs.readFile(path.join(host.dir, "cgroup.subtree_control"), "utf8")).toBe("+memory +pids +cpu");
    expect(await fs.readFile(path.join(host.dir, "jobs", "cgroup.subtree_control"), "utf8")).toBe("+memory +pids +cpu");
    const group = await driver.create("job-1", { memoryBytes: 64 * 1024 * 1024, pids: 16, cores: 1 });
    const limit = (f: string) => fs.readFile(path.join(host.dir, "jobs", "job-1", f), "utf8");
    expect([await limit("memory.max"), await limit("pids.max"), await limit("cpu.max"), await limit("memory.swap.max")]).toEqual([String(64 * 1024 * 1024), "16", "100000 100000", "0"]);
    await group.join(777);
    expect(await limit("cgroup.procs")).toBe("777");
  });

  it("restarted inside its own leaf, the server uses the delegated group above it again", async () => {
    const host = await fixtureHost({ ...delegated, cgroup: `0::${UNIT}/server\n` });
    await fs.mkdir(path.join(host.dir, "server"));
    await fs.mkdir(path.join(host.dir, "jobs"));
    expect(await check(host)).toEqual({ ok: true, cgroupDir: host.dir });
  });

  it("refuses when user namespaces do not work, naming the sysctl that is off", async () => {
    for (const [name, said] of [
      ["kernel/unprivileged_userns_clone", "kernel.unprivileged_userns_clone is 0: enable it (sysctl -w kernel.unprivileged_userns_clone=1)"],
      ["user/max_user_namespaces", "user.max_user_namespaces is 0: raise it"],
    ] as const) {
      const host = await fixtureHost({ ...delegated, sysctl: { [name]: "0" } });
      const r = await check(host, USERNS_FAILS);
      expect(r.ok).toBe(false);
      if (r.ok) return;
      expect(r.reason).toContain("the rootless sandbox lacks unprivileged user namespaces, which bubblewrap needs (bwrap says: exit code 1)");
      expect(r.reason).toContain(said);
      expect(r.reason).not.toContain("cgroup v2");
    }
  });

  it("with both missing, names both", async () => {
    const host = await fixtureHost({ mountinfo: V1_MOUNTS, cgroup: "4:memory:/\n" });
    const r = await check(host, USERNS_FAILS);
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.reason).toMatch(/lacks unprivileged user namespaces.*; and cgroup v2 delegation: this host has no cgroup v2 hierarchy/);
  });
});
