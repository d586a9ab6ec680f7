import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { users } from "../../db/schema/users";
import { createUser, DEFAULT_PASSWORD, loggedInUser } from "../../../test/factories";
import { createTestApp, type TestContext } from "../../../test/test-app";

// Finding 7 of issue 11: a stolen session could take the account over by changing its e-mail.
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

const emailOf = async (id: string) => (await ctx.deps.db.db.select().from(users).where(eq(users.id, id)))[0]!.email;

describe("changing the e-mail", () => {
  it("needs the current password (400 current_password_required) and changes nothing without it", async () => {
    const { user, agent } = await loggedInUser(ctx);
    const res = await agent.put("/users/update", { fullName: "Mallory", email: "mallory@example.com" });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ success: false, code: "current_password_required", message: "Enter your current password to change your email" });
    expect(await emailOf(user.id)).toBe(user.email);
  });

  it("refuses a wrong current password (400 wrong_password) before saying whether the address is taken", async () => {
    const { user: other } = await createUser(ctx);
    const { user, agent } = await loggedInUser(ctx);
    const res = await agent.put("/users/update", { fullName: "Mallory", email: other.email, currentPassword: "Wrong1!pass" });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe("wrong_password");
    expect(await emailOf(user.id)).toBe(user.email);
  });

  it("with the right password: changes it and tells the old address", async () => {
    const { user, agent } = await loggedInUser(ctx, { fullName: "Old Address" });
    const before = ctx.mails.length;
    const res = await agent.put("/users/update", { fullName: "Old Address", email: "NEW-home@example.com", currentPassword: DEFAULT_PASSWORD });
    expect(res.status).toBe(200);
    expect(await emailOf(user.id)).toBe("new-home@example.com");
    const notices = ctx.mails.slice(before);
    expect(notices).toHaveLength(1);
    expect(notices[0]!.to).toBe(user.email);
    expect(notices[0]!.subject).toMatch(/email.*changed/i);
    expect(notices[0]!.text).toContain("new-home@example.com");
  });

  it("accepts the password from a multipart form too (the edit-profile form sends one)", async () => {
    const { user, agent } = await loggedInUser(ctx);
    const boundary = "----h4boundary";
    const field = (name: string, value: string) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
    const payload = `${field("fullName", "Form User")}${field("email", "form-user@example.com")}${field("currentPassword", DEFAULT_PASSWORD)}--${boundary}--\r\n`;
    const res = await agent.put("/users/update", payload, { headers: { "content-type": `multipart/form-data; boundary=${boundary}` } });
    expect(res.status).toBe(200);
    expect(await emailOf(user.id)).toBe("form-user@example.com");
  });

  it("keeps the original client working: an unchanged e-mail needs no password and sends no notice", async () => {
    const { user, agent } = await loggedInUser(ctx);
    const before = ctx.mails.length;
    const res = await agent.put("/users/update", { fullName: "Renamed Only", email: user.email.toUpperCase() });
    expect(res.status).toBe(200);
    expect(res.body.data.fullName).toBe("Renamed Only");
    expect(ctx.mails.length).toBe(before);
  });
});
