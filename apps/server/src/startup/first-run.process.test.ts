import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { freePort, runAdminCli, runNode, startServerProcess, type Proc } from "../../test/server-process";
import { startFakeJudge0, type FakeJudge0 } from "../../test/fake-judge0";
import { lockFileOf } from "../db/data-dir-lock";

/*
 * Issue 10 §2: the README's first run, with real processes. The embedded database has
 * one owner (a second server refuses, `npm run admin` goes through the running server),
 * and the start-up output is one format, says where the data is, and obeys LOG_LEVEL.
 * Runs go to a local fake Judge0 so the servers start without probing toolchains.
 */
let fake: FakeJudge0;
const cleanup: (() => Promise<unknown> | void)[] = [];
beforeAll(async () => {
  fake = await startFakeJudge0();
});
afterEach(async () => {
  for (const fn of cleanup.splice(0).reverse()) await fn();
});
afterAll(() => fake.close());

function tempDataDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "coderoom-firstrun-"));
  cleanup.push(() => fs.rmSync(dir, { recursive: true, force: true }));
  return dir;
}
const serverEnv = (dataDir: string, port: number, extra: Record<string, string> = {}) => ({
  PORT: String(port),
  DATA_DIR: dataDir,
  EXECUTION_BACKEND: "judge0",
  JUDGE0_URL: fake.url,
  LOG_LEVEL: "warn",
  ...extra,
});
async function started(env: ReturnType<typeof serverEnv>) {
  const server = await startServerProcess(env);
  cleanup.push(() => server.stop());
  return server;
}

async function register(url: string, email: string) {
  const res = await fetch(`${url}/api/v1/users/register`, {
    method: "POST",
    headers: { "content-type": "application/json", "sec-fetch-site": "same-origin" },
    body: JSON.stringify({ fullName: "First Runner", email, password: "Secret1!x" }),
  });
  expect(res.status).toBe(201);
  const cookie = res.headers.getSetCookie()[0]!.split(";")[0]!;
  return async () => {
    const profile = (await (await fetch(`${url}/api/v1/users/profile`, { headers: { cookie } })).json()) as { data: { role: string } };
    return profile.data.role;
  };
}

// Several Node processes each: slow to start on a busy machine (a limit, not a target).
const SLOW = { timeout: 240_000 };

describe("the embedded database has one owner (two processes)", SLOW, () => {
  it("refuses a second server, runs `npm run admin` through the first, and keeps every write", async () => {
    const dataDir = tempDataDir();
    const server = await started(serverEnv(dataDir, await freePort()));
    const roleOfAnn = await register(server.url, "ann@example.com");

    const second = runNode("apps/server/src/main.ts", [], serverEnv(dataDir, await freePort()));
    expect(await second.exited).toBe(1);
    expect(second.output()).toMatch(/in use by another CodeRoom process \(pid \d+\)/);
    expect(second.output()).toContain("stop that server first");

    const env = { DATA_DIR: dataDir, LOG_LEVEL: "warn" };
    const grant = await runAdminCli(["grant", "ann@example.com"], env);
    expect(grant).toEqual({ code: 0, output: "ann@example.com is now an admin.\n" });
    // Done by the server's own connection: visible at once, and not undone by the next write.
    expect(await roleOfAnn()).toBe("ADMIN");
    await register(server.url, "bob@example.com");
    expect(await roleOfAnn()).toBe("ADMIN");
    expect((await runAdminCli(["grant", "nobody@example.com"], env)).code).toBe(1);

    expect(await server.stop()).toBe(0);
    expect(fs.existsSync(lockFileOf(path.join(dataDir, "db")))).toBe(false);
    // With no server the CLI opens the database itself: both users are there, intact.
    expect(await runAdminCli(["grant", "bob@example.com"], env)).toEqual({ code: 0, output: "bob@example.com is now an admin.\n" });
    expect((await runAdminCli(["list"], env)).output).toBe("ann@example.com\tFirst Runner\nbob@example.com\tFirst Runner\n");
  });

  it("takes over the lock of a process that died without releasing it", async () => {
    const dataDir = tempDataDir();
    const dead = runNode("-e", [], {});
    await dead.exited;
    fs.writeFileSync(lockFileOf(path.join(dataDir, "db")), JSON.stringify({ pid: dead.child.pid, host: os.hostname() }));
    const res = await runAdminCli(["list"], { DATA_DIR: dataDir, LOG_LEVEL: "warn" });
    expect(res).toMatchObject({ code: 0, output: expect.stringContaining("No admins yet") });
  });
});

/** Every folder and file under `dir` with the permission bits group or others hold. */
function notPrivate(dir: string): string[] {
  const found: string[] = [];
  const walk = (p: string) => {
    const stat = fs.lstatSync(p);
    if (stat.isSymbolicLink()) return;
    if ((stat.mode & 0o077) !== 0) found.push(`${path.relative(dir, p) || "."} ${(stat.mode & 0o777).toString(8)}`);
    if (stat.isDirectory()) for (const name of fs.readdirSync(p)) walk(path.join(p, name));
  };
  walk(dir);
  return found;
}

// Issue 41 §1: the embedded database wrote its files 0666 and mail went out 0644, so
// another local user could write the database and read password-reset links.
describe("DATA_DIR is private", SLOW, () => {
  it("folders 0700 and files 0600, whatever existed before and whatever the server writes", async () => {
    const dataDir = tempDataDir();
    fs.chmodSync(dataDir, 0o755);
    fs.mkdirSync(path.join(dataDir, "outbox"), { mode: 0o755 });
    fs.writeFileSync(path.join(dataDir, "outbox", "old.eml"), "Subject: old\n", { mode: 0o644 });
    fs.chmodSync(path.join(dataDir, "outbox"), 0o755);
    const server = await started(serverEnv(dataDir, await freePort()));
    await register(server.url, "private@example.com");
    const forgot = await fetch(`${server.url}/api/v1/users/forgot-password`, {
      method: "POST",
      headers: { "content-type": "application/json", "sec-fetch-site": "same-origin" },
      body: JSON.stringify({ email: "private@example.com" }),
    });
    expect(forgot.status).toBe(200);
    // The reset mail is written after the answer.
    await vi.waitFor(() => expect(fs.readdirSync(path.join(dataDir, "outbox")).length).toBeGreaterThan(1), { timeout: 10_000 });
    expect(fs.statSync(dataDir).mode & 0o777).toBe(0o700);
    expect(fs.statSync(path.join(dataDir, "outbox", "old.eml")).mode & 0o777).toBe(0o600);
    expect(fs.readdirSync(path.join(dataDir, "db")).length).toBeGreaterThan(0);
    expect(notPrivate(dataDir)).toEqual([]);
  });
});

describe("start-up output", SLOW, () => {
  it("prints JSON lines only, the address on PORT and where the data lives", async () => {
    const dataDir = tempDataDir();
    const port = await freePort();
    const server = await started(serverEnv(dataDir, port, { LOG_LEVEL: "info" }));
    await vi.waitFor(() => expect(server.output()).toContain("CodeRoom is ready"), { timeout: 5000 });
    const lines = server.output().trim().split("\n");
    const entries = lines.map((line) => JSON.parse(line) as { msg: string; data?: Record<string, string> });
    // PUBLIC_URL was not set: its default follows PORT.
    const ready = entries.find((e) => e.msg.startsWith("CodeRoom is ready"))!;
    expect(ready.msg).toBe(`CodeRoom is ready at http://localhost:${port}`);
    expect(ready.data?.database).toContain(path.join(dataDir, "db"));
    expect(ready.data?.uploads).toBe("in the database");
    expect(server.output()).not.toContain("%s");
  });

  it("prints nothing at all with LOG_LEVEL=silent, from start to stop", async () => {
    const server = await started(serverEnv(tempDataDir(), await freePort(), { LOG_LEVEL: "silent" }));
    expect((await fetch(`${server.url}/api/v1/rooms/languages`)).status).toBe(200);
    expect(await server.stop()).toBe(0);
    expect(server.output()).toBe("");
  });

  it("reports a port in use before opening anything", async () => {
    const blocker = net.createServer();
    await new Promise<void>((resolve) => blocker.listen(0, "127.0.0.1", resolve));
    cleanup.push(() => new Promise((resolve) => blocker.close(resolve)));
    const port = (blocker.address() as net.AddressInfo).port;
    const dataDir = tempDataDir();
    const proc: Proc = runNode("apps/server/src/main.ts", [], serverEnv(dataDir, port));
    expect(await proc.exited).toBe(1);
    expect(proc.output()).toContain(`Port ${port} on 127.0.0.1 is already in use`);
    // Reported first: the database folder was never created.
    expect(fs.existsSync(path.join(dataDir, "db"))).toBe(false);
  });
});
