import { spawn } from "node:child_process";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { serverRoot } from "../../paths";

const NOBODY = 65534;
/** A server uid that is not the job's 65534, so the host side of the mapping shows. */
const SERVER_UID = 64_990;
const asRoot = process.getuid?.() === 0;
const module = (name: string) => fileURLToPath(new URL(`./${name}`, import.meta.url));

/**
 * Runs an ES module snippet under tsx as a server started without root: as `uid` when
 * the tests run as root, else as the current user. Returns what it printed.
 */
async function withoutRoot(code: string, uid = NOBODY): Promise<string> {
  const child = spawn(process.execPath, ["--import", "tsx", "--input-type=module", "-e", code], {
    cwd: serverRoot,
    env: { PATH: process.env.PATH ?? "/usr/bin:/bin", HOME: "/tmp" },
    stdio: ["ignore", "pipe", "inherit"],
    ...(asRoot ? { uid, gid: uid } : {}),
  });
  let out = "";
  child.stdout.on("data", (d: Buffer) => (out += d.toString()));
  const exit = await new Promise<number | null>((resolve) => child.once("close", resolve));
  expect(exit).toBe(0);
  return out;
}

describe("a server started without root on this host", () => {
  // This host mounts cgroup v1 (a cgroup2 tree without controllers beside it) and allows unprivileged user namespaces.
  it("refuses runs, saying cgroup v2 delegation is missing and how to provide it (user namespaces work)", async () => {
    const out = await withoutRoot(`
      const { inspectSandboxHost } = await import(${JSON.stringify(module("sandbox-setup.ts"))});
      console.log(JSON.stringify(await inspectSandboxHost()));
    `);
    const host = JSON.parse(out) as { ok: boolean; reason?: string };
    expect(host.ok).toBe(false);
    expect(host.reason).toMatch(/^Code execution is unavailable: the server was started without root, and the rootless sandbox lacks cgroup v2 delegation: /);
    expect(host.reason).toContain("a systemd unit with Delegate=yes on a cgroup v2 host");
    expect(host.reason).toContain("start CodeRoom as root");
    expect(host.reason).not.toContain("user namespaces");
  });

  it("gets from rootless bubblewrap a job that is uid 65534 in its own namespaces, with only its own work dir", async () => {
    const out = await withoutRoot(`
      import fs from "node:fs/promises";
      import os from "node:os";
      import path from "node:path";
      import { spawn } from "node:child_process";
      const { bwrapInvocation, rootLinks, BWRAP_ARGS_FD, BWRAP_SECCOMP_FD } = await import(${JSON.stringify(module("bwrap-command.ts"))});
      const { buildSeccompFilter } = await import(${JSON.stringify(module("seccomp-filter.ts"))});
      const { prepareRootDir } = await import(${JSON.stringify(module("sandbox-setup.ts"))});
      const dir = await fs.mkdtemp(path.join(os.tmpdir(), "coderoom-rootless-job-"));
      const { etcDir } = await prepareRootDir(dir, [], "rootless");
      const boxDir = path.join(dir, "box");
      await fs.mkdir(boxDir, { mode: 0o700 });
      const tools = { mode: "rootless", bwrap: "/usr/bin/bwrap", bash: "/bin/bash", stdbuf: null, rootLinks: await rootLinks(), seccomp: buildSeccompFilter() };
      const script = "id -u; id -g; id -un; echo written > /box/out; ls /box; ls /proc | grep -c '^[0-9]'; ls " + JSON.stringify(dir) + " 2>&1 | head -1";
      const inv = bwrapInvocation(tools, { boxDir, etcDir, etc: [], binds: [], tmpBytes: 16 << 20, env: { PATH: "/usr/bin:/bin" }, argv: ["/bin/sh", "-c", script] });
      const stdio = ["ignore", "pipe", "inherit", "ignore", "pipe", "pipe"];
      const child = spawn(inv.command[0], inv.command.slice(1), { stdio });
      child.stdio[BWRAP_SECCOMP_FD].end(tools.seccomp);
      child.stdio[BWRAP_ARGS_FD].end(inv.options.map((o) => o + "\\0").join(""));
      let text = "";
      child.stdout.on("data", (d) => (text += d));
      const code = await new Promise((r) => child.once("close", r));
      const st = await fs.stat(path.join(boxDir, "out"));
      await fs.rm(dir, { recursive: true, force: true });
      console.log(JSON.stringify({ code, lines: text.trim().split("\\n"), outUid: st.uid, me: process.getuid() }));
    `, SERVER_UID);
    const r = JSON.parse(out) as { code: number; lines: string[]; outUid: number; me: number };
    expect(r.code).toBe(0);
    const [uid, gid, name, listing, procs, other] = r.lines;
    expect([uid, gid, name, listing]).toEqual(["65534", "65534", "sandbox0", "out"]);
    // Its own pid namespace: the shell and its ls and grep (bwrap's pid 1 too), nothing of the host.
    expect(Number(procs)).toBeLessThanOrEqual(5);
    expect(other).toContain("No such file or directory");
    // On the host the job's files belong to the server's own uid: what README's rootless row says.
    expect(r.outUid).toBe(r.me);
    if (asRoot) expect(r.me).toBe(SERVER_UID);
  });
});
