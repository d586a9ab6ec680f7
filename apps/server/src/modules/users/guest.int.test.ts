import { eq, inArray } from "drizzle-orm";
import Fastify from "fastify";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { zUser } from "@coderoom/shared/schemas/users";
import { rooms } from "../../db/schema/rooms";
import { sessions, users } from "../../db/schema/users";
import { Agent } from "../../../test/agent";
import { createUser } from "../../../test/factories";
import { createTestApp, type TestContext } from "../../../test/test-app";
import { SESSION_COOKIE } from "../../http/auth";
import { insertAvatar, readAvatar } from "../storage/avatar-store";
import { deleteStaleGuests } from "./guest-cleanup";
import type { App } from "../../http/types";
import { runHousekeeping, scheduleHousekeeping } from "./housekeeping";

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

const DAY_MS = 86_400_000;

async function guestLogin() {
  const agent = new Agent(ctx.app);
  const res = await agent.get("/users/guest-login");
  expect(res.status).toBe(200);
  return { agent, res, data: zUser.parse(res.body.data) };
}

const userExists = async (id: string) => (await ctx.deps.db.db.select().from(users).where(eq(users.id, id))).length === 1;

describe("GET /users/guest-login", () => {
  it("creates a GUEST with a generated name and a reserved placeholder e-mail, and logs it in", async () => {
    const { agent, res, data } = await guestLogin();
    expect(data.role).toBe("GUEST");
    expect(data.fullName).toMatch(/^Guest [A-Z][a-z]+ [A-Z][a-z]+ \d{4}$/);
    expect(data.email).toMatch(/^guest-[0-9a-f]{16}@guest\.coderoom\.invalid$/);
    const cookie = res.raw.cookies.find((c) => c.name === SESSION_COOKIE)!;
    expect(cookie.maxAge).toBe(ctx.deps.config.GUEST_TTL_DAYS * 86_400);
    expect((await agent.get("/users/profile")).body.data._id).toBe(data._id);
    const [row] = await ctx.deps.db.db.select().from(users).where(eq(users.id, data._id));
    expect(row!.passwordHash).toBeNull();
  });

  it("gives a different account on every call", async () => {
    const first = await guestLogin();
    const second = await guestLogin();
    expect(second.data._id).not.toBe(first.data._id);
    expect(second.data.email).not.toBe(first.data.email);
  });

  it("does not let a guest set a password or change the e-mail", async () => {
    const { agent, data } = await guestLogin();
    const change = await agent.post("/users/change-password", {
      oldPassword: "anything",
      newPassword: "NewSecret1!",
      confirmPassword: "NewSecret1!",
    });
    expect(change.status).toBe(403);
    expect(change.body.code).toBe("forbidden");
    const email = await agent.put("/users/update", { fullName: "Guest Renamed", email: "real@example.com" });
    expect(email.status).toBe(403);
    const rename = await agent.put("/users/update", { fullName: "Guest Renamed", email: data.email });
    expect(rename.status).toBe(200);
    expect(rename.body.data.fullName).toBe("Guest Renamed");
  });

  it("sends no reset mail for a guest (and answers like for anyone)", async () => {
    const { data } = await guestLogin();
    const before = ctx.mails.length;
    const res = await new Agent(ctx.app).post("/users/forgot-password", { email: data.email });
    expect(res.status).toBe(200);
    expect(ctx.mails.length).toBe(before);
  });
});

describe("guest cleanup", () => {
  it("deletes only guests idle for more than GUEST_TTL_DAYS, with their sessions and rooms", async () => {
    ctx.clock.set("2030-01-01T00:00:00Z");
    const stale = await guestLogin();
    await ctx.deps.db.db.insert(rooms).values({
      id: "GST001",
      name: "Guest room",
      languageId: 71,
      languageName: "Python",
      ownerId: stale.data._id,
    });
    const avatar = await insertAvatar(ctx.deps.db.db, stale.data._id, Buffer.from("RIFF....WEBP"));
    const { user: coder } = await createUser(ctx);
    await ctx.deps.db.db.update(users).set({ lastSeenAt: ctx.clock.now }).where(eq(users.id, coder.id));
    ctx.clock.advance(3 * DAY_MS);
    const active = await guestLogin();
    ctx.clock.advance(ctx.deps.config.GUEST_TTL_DAYS * DAY_MS - 3 * DAY_MS + 60_000);

    expect(await deleteStaleGuests(ctx.deps)).toBeGreaterThanOrEqual(1);
    expect(await userExists(stale.data._id)).toBe(false);
    expect(await userExists(active.data._id)).toBe(true);
    expect(await userExists(coder.id)).toBe(true);
    expect(await ctx.deps.db.db.select().from(rooms).where(eq(rooms.id, "GST001"))).toHaveLength(0);
    expect(await ctx.deps.db.db.select().from(sessions).where(eq(sessions.userId, stale.data._id))).toHaveLength(0);
    expect(await readAvatar(ctx.deps.db.db, avatar)).toBeNull();
  });

  it("keeps a guest who keeps using the app", async () => {
    ctx.clock.set("2031-01-01T00:00:00Z");
    const { agent, data } = await guestLogin();
    ctx.clock.advance(5 * DAY_MS);
    expect((await agent.get("/users/profile")).status).toBe(200);
    ctx.clock.advance(ctx.deps.config.GUEST_TTL_DAYS * DAY_MS - DAY_MS);
    await runHousekeeping(ctx.deps);
    expect(await userExists(data._id)).toBe(true);
    ctx.clock.advance(2 * DAY_MS);
    await runHousekeeping(ctx.deps);
    expect(await userExists(data._id)).toBe(false);
  });

  it("housekeeping also drops expired sessions", async () => {
    ctx.clock.set("2032-01-01T00:00:00Z");
    const { user } = await createUser(ctx);
    const agent = new Agent(ctx.app);
    await agent.post("/users/login", { email: user.email, password: "Passw0rd!x" });
    ctx.clock.advance((ctx.deps.config.SESSION_TTL_DAYS + 1) * DAY_MS);
    await runHousekeeping(ctx.deps);
    expect(await ctx.deps.db.db.select().from(sessions).where(inArray(sessions.userId, [user.id]))).toHaveLength(0);
    expect(await userExists(user.id)).toBe(true);
  });

  it("runs every hour from onReady until onClose", async () => {
    ctx.clock.set("2033-01-01T00:00:00Z");
    const { data } = await guestLogin();
    ctx.clock.advance((ctx.deps.config.GUEST_TTL_DAYS + 1) * DAY_MS);
    vi.useFakeTimers({ toFake: ["setInterval", "clearInterval"] });
    try {
      const host = Fastify({ logger: false }) as unknown as App;
      scheduleHousekeeping(host, ctx.deps);
      await host.ready();
      vi.advanceTimersByTime(59 * 60_000);
      await host.close();
      expect(await userExists(data._id)).toBe(true);

      const host2 = Fastify({ logger: false }) as unknown as App;
      scheduleHousekeeping(host2, ctx.deps);
      await host2.ready();
      vi.advanceTimersByTime(60 * 60_000);
      await host2.close();
      expect(await userExists(data._id)).toBe(false);
      expect(vi.getTimerCount()).toBe(0);
    } finally {
      vi.useRealTimers();
    }
  });
});
