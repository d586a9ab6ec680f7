import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { passwordResets, sessions } from "../../db/schema/users";
import { Agent } from "../../../test/agent";
import { agentFor, createUser, DEFAULT_PASSWORD, loggedInUser } from "../../../test/factories";
import { createTestApp, type TestContext } from "../../../test/test-app";
import { SESSION_COOKIE } from "../../http/auth";
import { hashToken } from "./sessions";

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp({ PUBLIC_URL: "https://coderoom.example" });
});
afterAll(() => ctx.close());

const NEW_PASSWORD = "Fresh1!pass";
const login = (email: string, password: string) => new Agent(ctx.app).post("/users/login", { email, password });
const sessionCount = async (userId: string) => (await ctx.deps.db.db.select().from(sessions).where(eq(sessions.userId, userId))).length;

let nextIp = 0;
/** A distinct client address per call, so the per-IP throttle only bites where a test wants it to. */
const freshIp = () => ({ remoteAddress: `10.0.${Math.floor(++nextIp / 250)}.${nextIp % 250}` });

/** Asks for a reset link and returns the token taken from the mailed link. */
async function requestReset(email: string): Promise<string> {
  const before = ctx.mails.length;
  const res = await new Agent(ctx.app).post("/users/forgot-password", { email }, freshIp());
  expect(res.status).toBe(200);
  // The mail goes out after the answer (issue 11: equal timing for known and unknown e-mails).
  await vi.waitFor(() => expect(ctx.mails.length).toBe(before + 1));
  const mail = ctx.mails.at(-1)!;
  const match = /https:\/\/coderoom\.example\/resetpassword\/([\w-]{43})/.exec(mail.text);
  expect(match).not.toBeNull();
  return match![1]!;
}
const reset = (resetToken: string, newPassword = NEW_PASSWORD) =>
  new Agent(ctx.app).post("/users/reset-password", { resetToken, newPassword, confirmPassword: newPassword, password: newPassword });

describe("POST /users/change-password", () => {
  it("changes the password, logs out every other session and starts a fresh one here", async () => {
    const { user, agent } = await loggedInUser(ctx);
    const other = await agentFor(ctx, user);
    const oldToken = agent.cookie;
    const res = await agent.post("/users/change-password", { oldPassword: DEFAULT_PASSWORD, newPassword: NEW_PASSWORD, confirmPassword: NEW_PASSWORD });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true, message: "Password changed successfully", data: null });
    expect(res.raw.cookies.find((c) => c.name === SESSION_COOKIE)?.value).toBeTruthy();
    expect(agent.cookie).not.toBe(oldToken);
    expect((await agent.get("/users/profile")).status).toBe(200);
    expect((await other.get("/users/profile")).status).toBe(455);
    expect((await new Agent(ctx.app, oldToken).get("/users/profile")).status).toBe(455);
    expect(await sessionCount(user.id)).toBe(1);
    expect((await login(user.email, DEFAULT_PASSWORD)).status).toBe(401);
    expect((await login(user.email, NEW_PASSWORD)).status).toBe(200);
  });

  it("answers 400 wrong_password when the current password is wrong, and changes nothing", async () => {
    const { user, agent } = await loggedInUser(ctx);
    const res = await agent.post("/users/change-password", { oldPassword: "Wrong1!pass", newPassword: NEW_PASSWORD, confirmPassword: NEW_PASSWORD });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ success: false, code: "wrong_password", message: "Current password is incorrect" });
    expect((await login(user.email, DEFAULT_PASSWORD)).status).toBe(200);
  });

  it("needs a session (455)", async () => {
    const res = await new Agent(ctx.app).post("/users/change-password", { oldPassword: DEFAULT_PASSWORD, newPassword: NEW_PASSWORD, confirmPassword: NEW_PASSWORD });
    expect(res.status).toBe(455);
  });
});

describe("POST /users/forgot-password", () => {
  it("mails a working single-use link in text and HTML and answers like for unknown e-mails", async () => {
    const { user } = await createUser(ctx, { fullName: "Forgetful <Fred>" });
    const mailsBeforeKnown = ctx.mails.length;
    const known = await new Agent(ctx.app).post("/users/forgot-password", { email: user.email.toUpperCase() }, freshIp());
    await vi.waitFor(() => expect(ctx.mails.length).toBe(mailsBeforeKnown + 1));
    const mail = ctx.mails.at(-1)!;
    expect(mail.to).toBe(user.email);
    const link = /https:\/\/coderoom\.example\/resetpassword\/[\w-]{43}/.exec(mail.text)![0];
    expect(mail.html).toContain(`href="${link}"`);
    expect(mail.html).toContain("Forgetful &#60;Fred&#62;");
    const mailsBefore = ctx.mails.length;
    const unknown = await new Agent(ctx.app).post("/users/forgot-password", { email: "nobody-here@example.com" }, freshIp());
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(ctx.mails.length).toBe(mailsBefore);
    expect(unknown.status).toBe(known.status);
    expect(unknown.raw.body).toBe(known.raw.body);
    expect(known.body.success).toBe(true);
  });

  it("stores only the sha256 of the token, valid for one hour", async () => {
    const { user } = await createUser(ctx);
    const token = await requestReset(user.email);
    const rows = await ctx.deps.db.db.select().from(passwordResets).where(eq(passwordResets.userId, user.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.tokenHash).toBe(hashToken(token));
    expect(rows[0]!.expiresAt.getTime() - ctx.clock.now.getTime()).toBe(3_600_000);
  });

  it("is throttled per e-mail (429) without revealing whether it exists", async () => {
    const email = "throttled-nobody@example.com";
    for (let i = 0; i < 3; i += 1) expect((await new Agent(ctx.app).post("/users/forgot-password", { email }, freshIp())).status).toBe(200);
    const res = await new Agent(ctx.app).post("/users/forgot-password", { email }, freshIp());
    expect(res.status).toBe(429);
    expect(res.body.code).toBe("rate_limited");
    expect(res.body.message).toMatch(/try again in \d+ minutes?/);
  });

  it("is throttled per IP (429)", async () => {
    const send = (i: number) =>
      ctx.app.inject({ method: "POST", url: "/api/v1/users/forgot-password", remoteAddress: "198.51.100.9", payload: { email: `ip-${i}@example.com` } });
    for (let i = 0; i < 10; i += 1) expect((await send(i)).statusCode).toBe(200);
    expect((await send(99)).statusCode).toBe(429);
  });
});

describe("POST /users/reset-password", () => {
  it("sets the new password, spends the token and the user's other tokens, and ends every session", async () => {
    const { user, agent } = await loggedInUser(ctx);
    const older = await requestReset(user.email);
    const token = await requestReset(user.email);
    const res = await reset(token);
    expect(res.status).toBe(200);
    expect(res.body.success).toBe(true);
    expect((await agent.get("/users/profile")).status).toBe(455);
    expect(await sessionCount(user.id)).toBe(0);
    expect((await login(user.email, NEW_PASSWORD)).status).toBe(200);
    const again = await reset(token, "Another1!pw");
    expect(again.status).toBe(400);
    expect(again.body).toEqual({ success: false, code: "reset_token_invalid", message: "This reset link is invalid or has expired" });
    expect((await reset(older, "Another1!pw")).body.code).toBe("reset_token_invalid");
  });

  it("refuses an expired token (clock moved 61 minutes)", async () => {
    const { user } = await createUser(ctx);
    const token = await requestReset(user.email);
    ctx.clock.advance(61 * 60_000);
    const res = await reset(token);
    expect(res.status).toBe(400);
    expect(res.body.code).toBe("reset_token_invalid");
    expect((await login(user.email, DEFAULT_PASSWORD)).status).toBe(200);
  });

  it("refuses a forged token", async () => {
    const res = await reset("A".repeat(43));
    expect(res.status).toBe(400);
    expect(res.body.code).toBe("reset_token_invalid");
  });

  it("lets only one of two concurrent uses of a token succeed", async () => {
    const { user } = await createUser(ctx);
    const token = await requestReset(user.email);
    const results = await Promise.all([reset(token, "RaceOne1!x"), reset(token, "RaceTwo1!x")]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 400]);
  });
});
