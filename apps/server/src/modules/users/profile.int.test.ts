import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { zUser } from "@coderoom/shared/schemas/users";
import { roomMembers, rooms } from "../../db/schema/rooms";
import { users } from "../../db/schema/users";
import { Agent } from "../../../test/agent";
import { createUser, DEFAULT_PASSWORD, loggedInUser } from "../../../test/factories";
import { createTestApp, type TestContext } from "../../../test/test-app";
import { consumeUsage } from "../usage/daily-usage";

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

describe("GET /users/profile", () => {
  it("answers the user object itself (role included) with the room ids and today's usage counters", async () => {
    const { user, agent } = await loggedInUser(ctx, { fullName: "Alan Turing" });
    const { db } = ctx.deps.db;
    await db.insert(rooms).values({ id: "PRF001", name: "Mine", languageId: 71, languageName: "Python", ownerId: user.id });
    await db.insert(roomMembers).values({ roomId: "PRF001", userId: user.id });
    await consumeUsage(db, { userId: user.id, at: ctx.clock.now, kind: "runs", limit: null });
    await consumeUsage(db, { userId: user.id, at: ctx.clock.now, kind: "runs", limit: null });
    await consumeUsage(db, { userId: user.id, at: ctx.clock.now, kind: "aiInteractions", limit: null });

    const res = await agent.get("/users/profile");
    expect(res.status).toBe(200);
    const data = zUser.parse(res.body.data);
    expect(data).toEqual({
      _id: user.id,
      fullName: "Alan Turing",
      email: user.email,
      role: "CODER",
      avatar: { secure_url: null },
      subscription: { id: null, status: "inactive", plan: null, expiresOn: null },
      codeExecutionCount: 2,
      aiInteractionCount: 1,
      rooms: ["PRF001"],
      createdAt: user.createdAt.toISOString(),
    });
    expect(res.raw.body).not.toMatch(/"[^"]*(password|hash)[^"]*"\s*:/i);
  });

  it("reports an ADMIN role as it is", async () => {
    const { agent } = await loggedInUser(ctx, { role: "ADMIN" });
    const res = await agent.get("/users/profile");
    expect(res.body.data.role).toBe("ADMIN");
  });
});

describe("PUT /users/update (JSON)", () => {
  it("updates name and e-mail", async () => {
    const { user, agent } = await loggedInUser(ctx);
    const email = `renamed-${user.id.slice(0, 8)}@example.com`;
    const res = await agent.put("/users/update", { fullName: "  New Name ", email: email.toUpperCase(), currentPassword: DEFAULT_PASSWORD });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ fullName: "New Name", email });
    const [row] = await ctx.deps.db.db.select().from(users).where(eq(users.id, user.id));
    expect(row).toMatchObject({ fullName: "New Name", email });
  });

  it("keeps the user's own e-mail without a conflict", async () => {
    const { user, agent } = await loggedInUser(ctx);
    const res = await agent.put("/users/update", { fullName: "Same Mail", email: user.email });
    expect(res.status).toBe(200);
  });

  it("answers 409 email_taken for an e-mail of another account", async () => {
    const { user: other } = await createUser(ctx);
    const { agent } = await loggedInUser(ctx);
    const res = await agent.put("/users/update", { fullName: "Thief", email: other.email, currentPassword: DEFAULT_PASSWORD });
    expect(res.status).toBe(409);
    expect(res.body.code).toBe("email_taken");
  });

  it("needs a session (455)", async () => {
    const res = await new Agent(ctx.app).put("/users/update", { fullName: "Nobody", email: "nobody@example.com" });
    expect(res.status).toBe(455);
    expect(res.body.code).toBe("session_required");
  });

  it("answers 400 invalid_json for a malformed body", async () => {
    const { agent } = await loggedInUser(ctx);
    const res = await agent.put("/users/update", "{oops", { headers: { "content-type": "application/json" } });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe("invalid_json");
  });
});
