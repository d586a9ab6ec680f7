import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DbHandle } from "../db/client";
import { users } from "../db/schema/users";
import { createTestDb } from "../../test/test-app";
import { runAdmin } from "./admin-commands";

let handle: DbHandle;
beforeAll(async () => {
  handle = await createTestDb();
  await handle.db.insert(users).values([
    { fullName: "Root Person", email: "root@example.com", passwordHash: "x", role: "CODER" },
    { fullName: "Guest Blue Owl 1234", email: "guest-1@guest.coderoom.invalid", role: "GUEST" },
  ]);
});
afterAll(() => handle.close());

async function run(...args: string[]) {
  const out: string[] = [];
  const err: string[] = [];
  const code = await runAdmin(handle.db, args, { out: (l) => out.push(l), err: (l) => err.push(l) });
  return { code, out: out.join("\n"), err: err.join("\n") };
}
const roleOf = async (email: string) => (await handle.db.select().from(users).where(eq(users.email, email)))[0]!.role;

describe("admin CLI", () => {
  it("grants ADMIN, lists it, and revokes it back to CODER", async () => {
    expect(await run("list")).toMatchObject({ code: 0, out: expect.stringContaining("No admins yet") });
    expect(await run("grant", "Root@Example.com")).toEqual({ code: 0, out: "root@example.com is now an admin.", err: "" });
    expect(await roleOf("root@example.com")).toBe("ADMIN");
    expect((await run("list")).out).toBe("root@example.com\tRoot Person");
    expect(await run("grant", "root@example.com")).toMatchObject({ code: 0, out: "root@example.com is already an admin." });
    expect(await run("revoke", "root@example.com")).toMatchObject({ code: 0, out: "root@example.com is no longer an admin (role CODER)." });
    expect(await roleOf("root@example.com")).toBe("CODER");
  });

  it("exits non-zero with a message for an unknown e-mail", async () => {
    expect(await run("grant", "nobody@example.com")).toEqual({ code: 1, out: "", err: "No account with the email nobody@example.com." });
    expect((await run("revoke", "nobody@example.com")).code).toBe(1);
  });

  it("refuses to make a guest an admin", async () => {
    const res = await run("grant", "guest-1@guest.coderoom.invalid");
    expect(res.code).toBe(1);
    expect(await roleOf("guest-1@guest.coderoom.invalid")).toBe("GUEST");
  });

  it("prints the usage and exits 2 for a bad command", async () => {
    for (const args of [[], ["promote", "root@example.com"], ["grant"], ["list", "extra"]]) {
      const res = await run(...args);
      expect(res.code).toBe(2);
      expect(res.err).toContain("Usage: npm run admin -- <command>");
    }
  });
});
