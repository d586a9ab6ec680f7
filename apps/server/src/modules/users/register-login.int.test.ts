import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { zUser } from "@coderoom/shared/schemas/users";
import { users } from "../../db/schema/users";
import { Agent } from "../../../test/agent";
import { createUser, DEFAULT_PASSWORD } from "../../../test/factories";
import { createTestApp, type TestContext } from "../../../test/test-app";
import { SESSION_COOKIE } from "../../http/auth";

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

const uniqueEmail = (tag: string) => `${tag}-${Math.random().toString(36).slice(2, 10)}@example.com`;
/** Matches any JSON key that mentions a password or a hash. */
const secretKey = /"[^"]*(password|hash)[^"]*"\s*:/i;

describe("POST /users/register", () => {
  it("creates a CODER, answers 201 with the user object and starts a session", async () => {
    const agent = new Agent(ctx.app);
    const email = uniqueEmail("New.Person");
    const res = await agent.post("/users/register", { fullName: "  Ada Lovelace ", email, password: "Secret1!x" });
    expect(res.status).toBe(201);
    expect(res.body.success).toBe(true);
    const data = zUser.parse(res.body.data);
    expect(data.role).toBe("CODER");
    expect(data).toMatchObject({
      fullName: "Ada Lovelace",
      email: email.toLowerCase(),
      role: "CODER",
      avatar: { secure_url: null },
      subscription: { id: null, status: "inactive", plan: null, expiresOn: null },
      codeExecutionCount: 0,
      aiInteractionCount: 0,
      rooms: [],
    });
    expect(res.raw.body).not.toMatch(secretKey);
    const cookie = res.raw.cookies.find((c) => c.name === SESSION_COOKIE)!;
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: "Lax", path: "/" });
    expect(cookie.maxAge).toBe(ctx.deps.config.SESSION_TTL_DAYS * 86_400);
    const profile = await agent.get("/users/profile");
    expect(profile.status).toBe(200);
    expect(profile.body.data._id).toBe(data._id);
  });

  it("stores a scrypt hash, never the password", async () => {
    const email = uniqueEmail("hash");
    await new Agent(ctx.app).post("/users/register", { fullName: "Hash Check", email, password: "Secret1!x" });
    const [row] = await ctx.deps.db.db.select().from(users).where(eq(users.email, email));
    expect(row!.passwordHash).toMatch(/^scrypt\$12\$8\$1\$/);
    expect(row!.passwordHash).not.toContain("Secret1!x");
  });

  it("answers 409 email_taken for an e-mail already registered, whatever its case", async () => {
    const { user } = await createUser(ctx);
    const res = await new Agent(ctx.app).post("/users/register", {
      fullName: "Copy Cat",
      email: user.email.toUpperCase(),
      password: "Secret1!x",
    });
    expect(res.status).toBe(409);
    expect(res.body).toEqual({ success: false, code: "email_taken", message: "An account with this email already exists" });
  });

  it("lets exactly one of two racing sign-ups with one e-mail win (unique index)", async () => {
    const email = uniqueEmail("race");
    const body = { fullName: "Racer", email, password: "Secret1!x" };
    const [a, b] = await Promise.all([new Agent(ctx.app).post("/users/register", body), new Agent(ctx.app).post("/users/register", body)]);
    expect([a.status, b.status].sort()).toEqual([201, 409]);
    expect(await ctx.deps.db.db.select().from(users).where(eq(users.email, email))).toHaveLength(1);
  });

  it("refuses the reserved guest e-mail domain", async () => {
    const res = await new Agent(ctx.app).post("/users/register", {
      fullName: "Sneaky",
      email: "guest-0011223344556677@guest.coderoom.invalid",
      password: "Secret1!x",
    });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe("validation_failed");
  });

  it("answers 400 invalid_json for a malformed JSON body", async () => {
    const res = await new Agent(ctx.app).post("/users/register", '{"fullName": "x",', {
      headers: { "content-type": "application/json" },
    });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ success: false, code: "invalid_json" });
  });
});

describe("POST /users/login", () => {
  it("logs in with the right password and answers the user object without secrets", async () => {
    const { user } = await createUser(ctx, { fullName: "Grace Hopper" });
    const agent = new Agent(ctx.app);
    const res = await agent.post("/users/login", { email: user.email, password: DEFAULT_PASSWORD });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe("Logged in successfully");
    expect(zUser.parse(res.body.data)).toMatchObject({ role: "CODER", _id: user.id, fullName: "Grace Hopper" });
    expect(res.raw.body).not.toMatch(secretKey);
    expect((await agent.get("/users/profile")).status).toBe(200);
  });

  it("gives the same 401 for a wrong password and for an unknown e-mail", async () => {
    const { user } = await createUser(ctx);
    const wrong = await new Agent(ctx.app).post("/users/login", { email: user.email, password: "Wrong1!pass" });
    const unknown = await new Agent(ctx.app).post("/users/login", { email: uniqueEmail("nobody"), password: DEFAULT_PASSWORD });
    for (const res of [wrong, unknown]) {
      expect(res.status).toBe(401);
      expect(res.body).toEqual({ success: false, code: "invalid_credentials", message: "Invalid email or password" });
      expect(res.raw.cookies.find((c) => c.name === SESSION_COOKIE)).toBeUndefined();
    }
  });

  it("refuses a password login for a guest account", async () => {
    const guest = await new Agent(ctx.app).get("/users/guest-login");
    const res = await new Agent(ctx.app).post("/users/login", { email: guest.body.data.email, password: DEFAULT_PASSWORD });
    expect(res.status).toBe(401);
    expect(res.body.code).toBe("invalid_credentials");
  });

  it("issues a new session token at every login and revokes the one the client came with", async () => {
    const { user } = await createUser(ctx);
    const agent = new Agent(ctx.app);
    await agent.post("/users/login", { email: user.email, password: DEFAULT_PASSWORD });
    const first = agent.cookie!;
    await agent.post("/users/login", { email: user.email, password: DEFAULT_PASSWORD });
    expect(agent.cookie).toBeDefined();
    expect(agent.cookie).not.toBe(first);
    expect((await new Agent(ctx.app, first).get("/users/profile")).status).toBe(455);
    expect((await agent.get("/users/profile")).status).toBe(200);
  });

  it("answers 429 after 10 failed attempts on one account, with when to retry, then lets it in after the window", async () => {
    const { user } = await createUser(ctx);
    const agent = new Agent(ctx.app);
    for (let i = 0; i < 10; i += 1) {
      expect((await agent.post("/users/login", { email: user.email, password: "Wrong1!pass" })).status).toBe(401);
    }
    const blocked = await agent.post("/users/login", { email: user.email, password: DEFAULT_PASSWORD });
    expect(blocked.status).toBe(429);
    expect(blocked.body.code).toBe("rate_limited");
    expect(blocked.body.message).toBe("Too many attempts. Please try again in 15 minutes.");
    expect(Number(blocked.headers["retry-after"])).toBe(15 * 60);
    ctx.clock.advance(15 * 60_000 + 1000);
    expect((await agent.post("/users/login", { email: user.email, password: DEFAULT_PASSWORD })).status).toBe(200);
  });

  it("does not count successful logins towards the account limit", async () => {
    const { user } = await createUser(ctx);
    for (let i = 0; i < 12; i += 1) {
      const res = await new Agent(ctx.app).post("/users/login", { email: user.email, password: DEFAULT_PASSWORD });
      expect(res.status).toBe(200);
    }
  });

  it("answers 429 after 50 failed attempts from one IP, across accounts", async () => {
    const ip = "203.0.113.7";
    const attempt = (email: string) => ctx.app.inject({ method: "POST", url: "/api/v1/users/login", remoteAddress: ip, payload: { email, password: "Wrong1!pass" } });
    for (let i = 0; i < 50; i += 1) expect((await attempt(uniqueEmail(`flood${i}`))).statusCode).toBe(401);
    const blocked = await attempt(uniqueEmail("one-more"));
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().code).toBe("rate_limited");
    const otherIp = await ctx.app.inject({ method: "POST", url: "/api/v1/users/login", remoteAddress: "203.0.113.8", payload: { email: uniqueEmail("x"), password: "Wrong1!pass" } });
    expect(otherIp.statusCode).toBe(401);
  });
});
