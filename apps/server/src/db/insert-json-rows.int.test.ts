import { inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDb } from "../../test/test-app";
import type { DbHandle } from "./client";
import { insertJsonRows } from "./insert-json-rows";
import { users } from "./schema/users";

let handle: DbHandle;
beforeAll(async () => {
  handle = await createTestDb();
});
afterAll(() => handle?.close());

const at = new Date("2026-12-03T05:30:12.345Z");
const row = (email: string, fullName: string, passwordHash: string | null) => ({ email, fullName, passwordHash, role: "GUEST" as const, createdAt: at });
const stored = (emails: string[]) => handle.db.select().from(users).where(inArray(users.email, emails)).orderBy(users.email);

describe("insertJsonRows", () => {
  it("stores every value as Drizzle reads it back: quotes, backslashes, newlines, unicode, null and dates", async () => {
    const rows = [
      row("a@json.test", `O'Brien "the \\ one"\n{"not": "json"}`, null),
      row("b@json.test", "Zoë 🚀 नमस्ते \t tab", "hash"),
    ];
    await insertJsonRows(handle.db, users, rows);
    const got = await stored(["a@json.test", "b@json.test"]);
    expect(got.map((u) => ({ email: u.email, fullName: u.fullName, passwordHash: u.passwordHash, role: u.role, createdAt: u.createdAt }))).toEqual(rows);
  });

  it("gives the columns left out their defaults", async () => {
    await insertJsonRows(handle.db, users, [{ email: "c@json.test", fullName: "C" }]);
    const [c] = await stored(["c@json.test"]);
    expect(c!.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(c!.role).toBe("CODER");
    expect(Date.now() - c!.createdAt.getTime()).toBeLessThan(60_000);
  });

  it("writes all the rows or none", async () => {
    const rows = [row("d@json.test", "D", null), row("a@json.test", "duplicate email", null)];
    await expect(insertJsonRows(handle.db, users, rows)).rejects.toThrow();
    expect(await stored(["d@json.test"])).toEqual([]);
  });

  it("does nothing for no rows", async () => {
    await expect(insertJsonRows(handle.db, users, [])).resolves.toBeUndefined();
  });
});
