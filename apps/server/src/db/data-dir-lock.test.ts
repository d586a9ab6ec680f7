import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { acquireDataDirLock, currentOwner, DataDirLockedError, lockFileOf } from "./data-dir-lock";

const dirs: string[] = [];
afterEach(() => dirs.splice(0).forEach((d) => fs.rmSync(d, { recursive: true, force: true })));
const pgliteDir = () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "coderoom-lock-"));
  dirs.push(dir);
  return path.join(dir, "db");
};

describe("the embedded database folder's lock", () => {
  it("has one owner: a second taker is refused with what to do, until the first releases", () => {
    const dir = pgliteDir();
    const lock = acquireDataDirLock(dir);
    expect(currentOwner(dir)).toMatchObject({ pid: process.pid, host: os.hostname() });
    let refusal: unknown;
    try {
      acquireDataDirLock(dir);
    } catch (err) {
      refusal = err;
    }
    expect(refusal).toBeInstanceOf(DataDirLockedError);
    expect((refusal as Error).message).toMatch(/in use by another CodeRoom process \(pid \d+\).*stop that server first/);
    lock.release();
    expect(fs.existsSync(lockFileOf(dir))).toBe(false);
    acquireDataDirLock(dir).release();
  });

  it("records the admin socket for `npm run admin`", () => {
    const dir = pgliteDir();
    const lock = acquireDataDirLock(dir);
    lock.advertise("/tmp/x.sock");
    expect(currentOwner(dir)).toMatchObject({ pid: process.pid, adminSocket: "/tmp/x.sock" });
    lock.release();
  });

  it("ignores a lock left by a process that is gone, and an unreadable one", () => {
    const dir = pgliteDir();
    fs.mkdirSync(path.dirname(dir), { recursive: true });
    // Pids are below 2^22 on Linux: this one cannot be alive.
    fs.writeFileSync(lockFileOf(dir), JSON.stringify({ pid: 2 ** 22 + 7, host: os.hostname() }));
    expect(currentOwner(dir)).toBeNull();
    acquireDataDirLock(dir).release();
    fs.writeFileSync(lockFileOf(dir), "not json");
    expect(currentOwner(dir)).toBeNull();
    acquireDataDirLock(dir).release();
  });
});
