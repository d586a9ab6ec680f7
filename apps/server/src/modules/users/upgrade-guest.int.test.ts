import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SESSION_HINT_COOKIE } from "@coderoom/shared/constants/cookies";
import { zUser } from "@coderoom/shared/schemas/users";
import { users } from "../../db/schema/users";
import { SESSION_COOKIE } from "../../http/auth";
import { Agent } from "../../../test/agent";
import { loggedInUser } from "../../../test/factories";
import { createTestApp, type TestContext } from "../../../test/test-app";
import { createRoomAs, listedRoomIds } from "../../../test/room-test-helpers";

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp({ GUEST_TTL_DAYS: "3" });
});
afterAll(() => ctx.close());

let n = 0;
const account = () => ({ fullName: "Grace Hopper", email: `grace.${++n}@example.com`, password: "Secret123!" });

async function guest() {
  const agent = new Agent(ctx.app);
  const res = await agent.get("/users/guest-login");
  return { agent, id: zUser.parse(res.body.data)._id, token: agent.cookie! };
}

describe("POST /users/upgrade-guest", () => {
  it("turns the guest into a CODER with the same id, rooms kept, and logs in the new account", async () => {
    const { agent, id, token } = await guest();
    const roomId = await createRoomAs(agent);
    const body = account();
    const res = await agent.post("/users/upgrade-guest", body);
    expect(res.status).toBe(200);
    const user = zUser.parse(res.body.data);
    expect(user).toMatchObject({ _id: id, role: "CODER", fullName: body.fullName, email: body.email, rooms: [roomId] });
    expect(agent.cookie).not.toBe(token);
    expect(await listedRoomIds(agent)).toEqual([roomId]);
    // The guest's old session is gone; the password now works at login.
    expect((await new Agent(ctx.app, token).get("/users/profile")).status).toBe(455);
    const login = await new Agent(ctx.app).post("/users/login", { email: body.email, password: body.password }, { remoteAddress: "10.9.0.1" });
    expect(login.status).toBe(200);
    expect(login.body.data._id).toBe(id);
  });

  it("sets the session-hint cookie beside the session, readable by scripts", async () => {
    const { agent } = await guest();
    const res = await agent.post("/users/upgrade-guest", account());
    const session = res.raw.cookies.find((c) => c.name === SESSION_COOKIE)!;
    const hint = res.raw.cookies.find((c) => c.name === SESSION_HINT_COOKIE)!;
    expect(hint).toMatchObject({ value: "1", path: "/", maxAge: session.maxAge, sameSite: "Lax" });
    expect(hint.httpOnly).toBeFalsy();
    expect(session.httpOnly).toBe(true);
    const out = await agent.get("/users/logout");
    expect(out.raw.cookies.find((c) => c.name === SESSION_HINT_COOKIE)?.maxAge).toBe(0);
  });

  it("refuses a taken e-mail (409) and keeps the guest a guest", async () => {
    const taken = account();
    await new Agent(ctx.app).post("/users/register", taken, { remoteAddress: "10.9.0.2" });
    const { agent, id } = await guest();
    const res = await agent.post("/users/upgrade-guest", { ...account(), email: taken.email });
    expect(res.status).toBe(409);
    expect(res.body.code).toBe("email_taken");
    const [row] = await ctx.deps.db.db.select().from(users).where(eq(users.id, id));
    expect(row!.role).toBe("GUEST");
  });

  it("validates with the sign-up rules", async () => {
    const { agent } = await guest();
    const res = await agent.post("/users/upgrade-guest", { ...account(), password: "weakpassword" });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: "validation_failed", message: "Must include uppercase, number, and special character" });
  });

  it("is for logged-in guests only: 455 without a session, 403 for a CODER", async () => {
    expect((await new Agent(ctx.app).post("/users/upgrade-guest", account())).status).toBe(455);
    const { agent } = await loggedInUser(ctx);
    const res = await agent.post("/users/upgrade-guest", account());
    expect(res.status).toBe(403);
    expect(res.body.code).toBe("forbidden");
  });

  it("upgrades once when asked twice (the second answer is 403)", async () => {
    const { agent } = await guest();
    expect((await agent.post("/users/upgrade-guest", account())).status).toBe(200);
    expect((await agent.post("/users/upgrade-guest", account())).status).toBe(403);
  });
});

describe("GET /users/guest-policy", () => {
  it("tells anyone how many idle days a guest account is kept", async () => {
    const res = await new Agent(ctx.app).get("/users/guest-policy");
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({ idleDays: 3 });
  });
});
