import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { Agent } from "../../../test/agent";
import { createUser, DEFAULT_PASSWORD, loggedInUser } from "../../../test/factories";
import { createTestApp, type TestContext } from "../../../test/test-app";

// Spies that call through: they only record which work a request did.
const spies = vi.hoisted(() => ({ verify: [] as string[], lookupGate: null as Promise<void> | null }));
vi.mock("./password", async (importOriginal) => {
  const real = await importOriginal<typeof import("./password")>();
  return {
    ...real,
    verifyPassword: async (password: string, stored: string) => {
      spies.verify.push(stored);
      return real.verifyPassword(password, stored);
    },
  };
});
vi.mock("./accounts", async (importOriginal) => {
  const real = await importOriginal<typeof import("./accounts")>();
  return {
    ...real,
    findUserByEmail: async (...args: Parameters<typeof real.findUserByEmail>) => {
      if (spies.lookupGate) await spies.lookupGate;
      return real.findUserByEmail(...args);
    },
  };
});

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp({ PUBLIC_URL: "https://coderoom.example" });
});
afterAll(() => ctx.close());

const NEW_PASSWORD = "Fresh1!pass";
let nextIp = 0;
const freshIp = () => `10.9.${Math.floor(++nextIp / 250)}.${nextIp % 250}`;
const login = (email: string, password: string, ip = freshIp()) =>
  new Agent(ctx.app).post("/users/login", { email, password }, { remoteAddress: ip });

/** Asks for a reset link and returns the token from the mailed link (the mail goes out after the answer). */
async function requestReset(email: string): Promise<string> {
  const before = ctx.mails.length;
  expect((await new Agent(ctx.app).post("/users/forgot-password", { email }, { remoteAddress: freshIp() })).status).toBe(200);
  await vi.waitFor(() => expect(ctx.mails.length).toBe(before + 1));
  return /resetpassword\/([\w-]{43})/.exec(ctx.mails.at(-1)!.text)![1]!;
}
const reset = (resetToken: string, newPassword = "Another1!pw") =>
  new Agent(ctx.app).post("/users/reset-password", { resetToken, newPassword, confirmPassword: newPassword });

describe("reset tokens after a password change (finding 6)", () => {
  it("a change of password spends every outstanding reset token", async () => {
    const { user, agent } = await loggedInUser(ctx);
    const first = await requestReset(user.email);
    const second = await requestReset(user.email);
    const res = await agent.post("/users/change-password", { oldPassword: DEFAULT_PASSWORD, newPassword: NEW_PASSWORD, confirmPassword: NEW_PASSWORD });
    expect(res.status).toBe(200);
    for (const token of [first, second]) expect((await reset(token)).body.code).toBe("reset_token_invalid");
    expect((await login(user.email, NEW_PASSWORD)).status).toBe(200);
  });
});

describe("login lockout (finding 8)", () => {
  it("ten failures from one IP lock that IP out of the account, not the owner on another IP", async () => {
    const { user } = await createUser(ctx);
    const attackerIp = "198.51.100.66";
    for (let i = 0; i < 10; i += 1) expect((await login(user.email, "Wrong1!pass", attackerIp)).status).toBe(401);
    const blocked = await login(user.email, DEFAULT_PASSWORD, attackerIp);
    expect(blocked.status).toBe(429);
    expect(Number(blocked.headers["retry-after"])).toBe(15 * 60);
    expect((await login(user.email, DEFAULT_PASSWORD, "203.0.113.200")).status).toBe(200);
  });

  it("locks the account for everyone at a higher level, many IPs together, with Retry-After", async () => {
    const { user } = await createUser(ctx);
    for (let i = 0; i < 100; i += 1) expect((await login(user.email, "Wrong1!pass")).status).toBe(401);
    const blocked = await login(user.email, DEFAULT_PASSWORD);
    expect(blocked.status).toBe(429);
    expect(blocked.body.code).toBe("rate_limited");
    expect(Number(blocked.headers["retry-after"])).toBeGreaterThan(0);
  });
});

describe("e-mail enumeration (issue 11, Also)", () => {
  it("a login with an unknown e-mail still verifies a real scrypt hash, like a wrong password does", async () => {
    const { user } = await createUser(ctx);
    spies.verify.length = 0;
    const unknown = await login("nobody-at-all@example.com", "Wrong1!pass");
    const wrong = await login(user.email, "Wrong1!pass");
    expect(unknown.status).toBe(401);
    expect(unknown.raw.body).toBe(wrong.raw.body);
    expect(spies.verify).toHaveLength(2);
    expect(spies.verify[0]).toMatch(/^scrypt\$12\$8\$1\$/);
  });

  it("forgot-password answers before looking the address up, so its timing cannot tell", async () => {
    const { user } = await createUser(ctx);
    let open!: () => void;
    spies.lookupGate = new Promise<void>((resolve) => (open = resolve));
    try {
      const before = ctx.mails.length;
      const res = await new Agent(ctx.app).post("/users/forgot-password", { email: user.email }, { remoteAddress: freshIp() });
      expect(res.status).toBe(200);
      expect(ctx.mails.length).toBe(before);
      open();
      await vi.waitFor(() => expect(ctx.mails.length).toBe(before + 1));
    } finally {
      spies.lookupGate = null;
      open();
    }
  });
});
