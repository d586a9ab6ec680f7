import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDb, type DbHandle } from "./client";
import { vacuumChangedTables } from "./embedded-vacuum";
import { migrate } from "./migrate";
import { users } from "./schema/users";

let handle: DbHandle;
beforeAll(async () => {
  handle = await openDb({ pgliteDir: "memory" });
  await migrate(handle);
});
afterAll(() => handle?.close());

const addUsers = (from: number, count: number) =>
  handle.db.insert(users).values(Array.from({ length: count }, (_, i) => ({ email: `u${from + i}@vacuum.test`, fullName: `User ${from + i}` })));

const planned = async (table: string) =>
  (await handle.exclusive(0, (conn) => conn.rows<{ reltuples: number }>(`SELECT reltuples FROM pg_class WHERE relname = '${table}'`)))[0]!.reltuples;

describe("vacuumChangedTables on embedded PGlite", () => {
  it("gives never-analysed tables their statistics, then leaves unchanged ones alone", async () => {
    await addUsers(0, 300);
    expect(await planned("users")).toBe(-1);
    expect(await vacuumChangedTables(handle)).toContain("users");
    expect(await planned("users")).toBe(300);
    expect(await vacuumChangedTables(handle)).toEqual([]);
  });

  it("does a table again once it has grown by more than a tenth", async () => {
    await vacuumChangedTables(handle);
    await addUsers(1000, 5);
    expect(await vacuumChangedTables(handle)).toEqual([]);
    await addUsers(2000, 3000);
    expect(await vacuumChangedTables(handle)).toEqual(["users"]);
    expect(await planned("users")).toBe(3305);
  });
});
