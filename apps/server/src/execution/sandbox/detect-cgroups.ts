import fs from "node:fs/promises";
import type { CgroupDriver } from "./cgroup";
import { CgroupV1Driver } from "./cgroup-v1";
import { CgroupV2Driver } from "./cgroup-v2";

export interface Mount {
  /** Where the mount shows its filesystem from (a cgroup namespace shows "/"). */
  root: string;
  point: string;
  fstype: string;
  options: string[];
}

/** The mounts listed in a /proc/<pid>/mountinfo text. */
export function parseMountinfo(text: string): Mount[] {
  const unescape = (s: string) => s.replace(/\\040/g, " ");
  return text
    .split("\n")
    .filter(Boolean)
    .map((line) => {
      const [left, right = ""] = line.split(" - ");
      const fields = (left ?? "").split(" ");
      const [fstype = "", , superOptions = ""] = right.split(" ");
      return { root: unescape(fields[3] ?? ""), point: unescape(fields[4] ?? ""), fstype, options: superOptions.split(",") };
    });
}

async function mounts(): Promise<Mount[]> {
  return parseMountinfo(await fs.readFile("/proc/self/mountinfo", "utf8"));
}

const NEEDED = ["memory", "pids", "cpu", "cpuacct"] as const;

/**
 * Finds usable cgroup controllers: a cgroup2 mount that offers memory, pids and cpu,
 * else the v1 hierarchies. Throws with the reason when neither is usable.
 */
export async function detectCgroups(parentName = "coderoom"): Promise<CgroupDriver> {
  const all = await mounts();
  for (const m of all.filter((x) => x.fstype === "cgroup2")) {
    const controllers = (await fs.readFile(`${m.point}/cgroup.controllers`, "utf8").catch(() => "")).split(/\s+/);
    if (["memory", "pids", "cpu"].every((c) => controllers.includes(c))) {
      return CgroupV2Driver.open(`${m.point}/${parentName}`, m.point);
    }
  }
  const v1: Partial<Record<(typeof NEEDED)[number], string>> = {};
  for (const m of all.filter((x) => x.fstype === "cgroup")) {
    for (const c of NEEDED) if (m.options.includes(c)) v1[c] ??= m.point;
  }
  const absent = NEEDED.filter((c) => !v1[c]);
  if (absent.length > 0) {
    throw new Error(`no cgroup controller for ${absent.join(", ")} (mount cgroup v2 with memory, pids and cpu, or the v1 hierarchies)`);
  }
  return CgroupV1Driver.open(v1 as Record<(typeof NEEDED)[number], string>, parentName);
}
