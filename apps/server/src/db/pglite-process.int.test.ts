import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { eq, like, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { openDb, type DbHandle } from "./client";
import { currentOwner } from "./data-dir-lock";
import { migrateForServing } from "./migrate";
import { users } from "./schema/users";

/*
 * Issue 40: the embedded database (PGlite on disk) runs in a supervised process of its own,
 * reached over the PostgreSQL protocol; the web process holds none of its files. One data
 * folder for the whole file: creating one (initdb) is the slow part.
 */
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "coderoom-pgproc-"));
const pgliteDir = path.join(dataDir, "db");
let handle: DbHandle;
beforeAll(async () => {
  handle = await openDb({ pgliteDir });
  await migrateForServing(handle);
});
afterAll(async () => {
  await handle.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

/** When the process serving the database started, and whether that was after its last migration. */
const servingProcess = async (db: DbHandle["db"]) => {
  const { rows } = (await db.execute(
    sql`SELECT pg_postmaster_start_time()::text AS started, pg_postmaster_start_time() > (SELECT max(applied_at) FROM schema_migrations) AS "afterMigrations"`,
  )) as unknown as { rows: { started: string; afterMigrations: boolean }[] };
  return rows[0]!;
};
const addUser = (db: DbHandle["db"], email: string) => db.insert(users).values({ fullName: "Pg Proc", email, passwordHash: "x", role: "CODER" });
const emails = async (db: DbHandle["db"], prefix: string) =>
  (await db.select({ email: users.email }).from(users).where(like(users.email, `${prefix}%`))).map((r) => r.email).sort();
const isAlive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};
/** The files this process has open, as paths. */
const openFiles = () =>
  fs.readdirSync("/proc/self/fd").flatMap((fd) => {
    try {
      return [fs.readlinkSync(`/proc/self/fd/${fd}`)];
    } catch {
      return [];
    }
  });

// Processes that start PGlite: slow on a busy machine (a limit, not a target).
const SLOW = { timeout: 240_000 };

describe("embedded PGlite in its own process", SLOW, () => {
  it("answers queries while this process holds none of the data folder's files", async () => {
    await addUser(handle.db, "first@example.com");
    expect(await emails(handle.db, "first@")).toEqual(["first@example.com"]);
    // A message larger than one socket read arrives in pieces and is put back together.
    const big = "x".repeat(300_000);
    expect(await handle.exclusive(0, (conn) => conn.rows(`SELECT length('${big}') AS n`))).toEqual([{ n: 300_000 }]);
    const owner = currentOwner(pgliteDir);
    expect(owner?.pid).not.toBe(process.pid);
    expect(openFiles().filter((file) => file.startsWith(pgliteDir))).toEqual([]);
  });

  it("serves a new database from a process started after its migrations, and keeps serving one already migrated", async () => {
    // The process that ran them stays bigger for good: the server's first start would cost more.
    const serving = await servingProcess(handle.db);
    expect(serving.afterMigrations).toBe(true);
    const owner = currentOwner(pgliteDir)!.pid;
    expect(await migrateForServing(handle)).toEqual([]);
    expect(currentOwner(pgliteDir)!.pid).toBe(owner);
    expect(await servingProcess(handle.db)).toEqual(serving);
  });

  it("runs PGlite with the buffer pool it was started with (its start parameters, after PGlite's own)", async () => {
    const { rows } = (await handle.db.execute(sql`SHOW shared_buffers`)) as unknown as { rows: { shared_buffers: string }[] };
    expect(rows[0]!.shared_buffers).toBe("16MB");
    const { rows: path } = (await handle.db.execute(sql`SHOW search_path`)) as unknown as { rows: { search_path: string }[] };
    expect(path[0]!.search_path).toBe("public");
  });

  it("never interleaves the transactions of concurrent callers on the one session", async () => {
    const rolledBack = handle.db.transaction(async (tx) => {
      await addUser(tx, "tx-rolled-back@example.com");
      await tx.execute(sql`SELECT pg_sleep(0.2)`);
      throw new Error("undo");
    });
    const meanwhile = addUser(handle.db, "tx-kept@example.com");
    await expect(rolledBack).rejects.toThrow("undo");
    await meanwhile;
    expect(await emails(handle.db, "tx-")).toEqual(["tx-kept@example.com"]);
  });

  it("starts a crashed database process again, and the pool reconnects with the data intact", async () => {
    const first = currentOwner(pgliteDir)!.pid;
    process.kill(first, "SIGKILL");
    await vi.waitFor(async () => expect(await emails(handle.db, "first@")).toEqual(["first@example.com"]), { timeout: 120_000, interval: 200 });
    expect(currentOwner(pgliteDir)!.pid).not.toBe(first);
  });

  it("refuses a second opener while the folder has its owner", async () => {
    await expect(openDb({ pgliteDir })).rejects.toThrow(/in use by another CodeRoom process \(pid \d+\)/);
  });

  it("loses no acknowledged write when the server is killed (kill -9), and its database process exits", async () => {
    await handle.close();
    const client = path.join(path.dirname(fileURLToPath(import.meta.url)), "client.ts");
    // A stand-in server: prints each e-mail once its INSERT is acknowledged, until killed.
    const writer = `
      const { openDb } = await import(${JSON.stringify(client)});
      const { users } = await import(${JSON.stringify(path.join(path.dirname(client), "schema/users.ts"))});
      const h = await openDb({ pgliteDir: ${JSON.stringify(pgliteDir)} });
      for (let i = 0; ; i++) {
        const email = "killed-" + i + "@example.com";
        await h.db.insert(users).values({ fullName: "K", email, passwordHash: "x", role: "CODER" });
        console.log(email);
      }`;
    const child = spawn(process.execPath, ["--import", "tsx", "--input-type=module", "-e", writer], { stdio: ["ignore", "pipe", "inherit"] });
    let out = "";
    child.stdout.on("data", (d: Buffer) => (out += d.toString()));
    const exited = new Promise((resolve) => child.once("exit", resolve));
    await vi.waitFor(() => expect(out.split("\n").length).toBeGreaterThan(30), { timeout: 180_000, interval: 100 });
    const dbPid = currentOwner(pgliteDir)!.pid;
    child.kill("SIGKILL");
    await exited;
    const acknowledged = out.split("\n").filter((line) => line.endsWith("@example.com"));
    // No orphan: the database process sees its parent gone and gives the folder back.
    await vi.waitFor(() => expect(isAlive(dbPid)).toBe(false), { timeout: 30_000, interval: 100 });
    expect(currentOwner(pgliteDir)).toBeNull();

    handle = await openDb({ pgliteDir });
    const stored = await emails(handle.db, "killed-");
    expect(stored).toEqual(expect.arrayContaining(acknowledged));
    expect(await handle.db.select().from(users).where(eq(users.email, "tx-kept@example.com"))).toHaveLength(1);
  });
});
