import { spawnSync } from "node:child_process";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { claimUids } from "./uid-locks";

describe("sandbox uid locks (several instances on one host)", () => {
  let dir: string;
  beforeEach(async () => {
    dir = await fs.mkdtemp(path.join(os.tmpdir(), "coderoom-uids-"));
  });
  afterEach(() => fs.rm(dir, { recursive: true, force: true }));

  it("gives two instances disjoint uids from the same base", async () => {
    const a = await claimUids(70_000, 4, dir);
    const b = await claimUids(70_000, 4, dir);
    expect(a.uids).toEqual([70_000, 70_001, 70_002, 70_003]);
    expect(b.uids).toEqual([70_004, 70_005, 70_006, 70_007]);
    await a.release();
    const c = await claimUids(70_000, 2, dir);
    expect(c.uids).toEqual([70_000, 70_001]);
  });

  it("takes over the uids of an instance that died without releasing them", async () => {
    const dead = spawnSync("true").pid!;
    await fs.writeFile(path.join(dir, "70000"), String(dead));
    await fs.writeFile(path.join(dir, "70001"), String(process.ppid));
    const lease = await claimUids(70_000, 2, dir);
    expect(lease.uids).toEqual([70_000, 70_002]);
    expect(await fs.readFile(path.join(dir, "70000"), "utf8")).toBe(String(process.pid));
  });

  it("refuses, holding nothing, when not enough uids are free", async () => {
    await claimUids(70_000, 2 * 64, dir);
    await expect(claimUids(70_000, 2, dir)).rejects.toThrow(/only 0 of 2 sandbox uids/);
  });
});
