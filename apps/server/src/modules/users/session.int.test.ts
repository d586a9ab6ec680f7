import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Agent } from "../../../test/agent";
import { createUser, DEFAULT_PASSWORD, loggedInUser } from "../../../test/factories";
import { createTestApp, type TestContext } from "../../../test/test-app";
import { SESSION_COOKIE } from "../../http/auth";

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

const sessionRequired = { success: false, code: "session_required", message: "Please log in to continue" };

describe("session cookie", () => {
  it("answers 455 session_required without a cookie", async () => {
    const res = await new Agent(ctx.app).get("/users/profile");
    expect(res.status).toBe(455);
    expect(res.body).toEqual(sessionRequired);
  });

  it("answers 455 for a forged cookie", async () => {
    const res = await new Agent(ctx.app, "forged-token-that-was-never-issued").get("/users/profile");
    expect(res.status).toBe(455);
    expect(res.body.code).toBe("session_required");
  });

  it("answers 455 once the clock passes the session TTL", async () => {
    const { user } = await createUser(ctx);
    const agent = new Agent(ctx.app);
    await agent.post("/users/login", { email: user.email, password: DEFAULT_PASSWORD });
    ctx.clock.advance(ctx.deps.config.SESSION_TTL_DAYS * 86_400_000 - 60_000);
    expect((await agent.get("/users/profile")).status).toBe(200);
    ctx.clock.advance(120_000);
    const res = await agent.get("/users/profile");
    expect(res.status).toBe(455);
    expect(res.body.code).toBe("session_required");
  });
});

describe("GET /users/logout", () => {
  it("revokes the session and clears the cookie", async () => {
    const { agent } = await loggedInUser(ctx);
    const token = agent.cookie!;
    const res = await agent.get("/users/logout");
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true, message: "Logged out successfully", data: null });
    const cleared = res.raw.cookies.find((c) => c.name === SESSION_COOKIE)!;
    expect(cleared.value).toBe("");
    expect(cleared.maxAge).toBe(0);
    expect((await new Agent(ctx.app, token).get("/users/profile")).status).toBe(455);
  });

  it("answers 200 when already logged out", async () => {
    const res = await new Agent(ctx.app).get("/users/logout");
    expect(res.status).toBe(200);
    expect(res.body.success).toBe(true);
  });

  it("refuses a cross-site logout (sec-fetch-site: cross-site) and keeps the session", async () => {
    const { agent } = await loggedInUser(ctx);
    const res = await agent.get("/users/logout", { headers: { "sec-fetch-site": "cross-site" } });
    expect(res.status).toBe(403);
    expect(res.body.code).toBe("cross_site_request");
    expect((await agent.get("/users/profile")).status).toBe(200);
  });
});

describe("cross-site requests", () => {
  it("refuses a POST from another origin (403 cross_site_request)", async () => {
    const { user } = await createUser(ctx);
    const res = await new Agent(ctx.app).post(
      "/users/login",
      { email: user.email, password: DEFAULT_PASSWORD },
      { headers: { origin: "https://evil.example" } },
    );
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ success: false, code: "cross_site_request", message: "Cross-site requests are not allowed" });
    expect(res.raw.cookies.find((c) => c.name === SESSION_COOKIE)).toBeUndefined();
  });

  it("refuses a cross-site guest login", async () => {
    const res = await new Agent(ctx.app).get("/users/guest-login", { headers: { "sec-fetch-site": "cross-site" } });
    expect(res.status).toBe(403);
    expect(res.body.code).toBe("cross_site_request");
  });

  it("accepts a POST from the app's own origin", async () => {
    const { user } = await createUser(ctx);
    const res = await new Agent(ctx.app).post(
      "/users/login",
      { email: user.email, password: DEFAULT_PASSWORD },
      { headers: { origin: ctx.deps.config.publicOrigin } },
    );
    expect(res.status).toBe(200);
  });
});

describe("last_seen_at", () => {
  it("is refreshed by an authenticated request at most once per hour", async () => {
    const { user, agent } = await loggedInUser(ctx);
    const lastSeen = async () => (await ctx.deps.db.db.query.users.findFirst({ where: (u, { eq }) => eq(u.id, user.id) }))!.lastSeenAt;
    await agent.get("/users/profile");
    const start = ctx.clock.now;
    expect(await lastSeen()).toEqual(start);
    ctx.clock.advance(30 * 60_000);
    await agent.get("/users/profile");
    expect(await lastSeen()).toEqual(start);
    ctx.clock.advance(31 * 60_000);
    await agent.get("/users/profile");
    expect(await lastSeen()).toEqual(ctx.clock.now);
  });
});
