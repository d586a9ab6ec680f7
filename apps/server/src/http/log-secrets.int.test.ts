import path from "node:path";
import { Writable } from "node:stream";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { buildApp } from "../app";
import { loadConfig } from "../config";
import type { App } from "./types";
import { Agent } from "../../test/agent";
import { createUser, DEFAULT_PASSWORD } from "../../test/factories";
import { createTestApp, type TestContext } from "../../test/test-app";

// Finding 3 of issue 11: a failed query was logged with its parameters (hash, e-mail, tokens).
let ctx: TestContext;
let app: App;
const lines: string[] = [];
const logText = () => lines.join("");

beforeAll(async () => {
  ctx = await createTestApp();
  const stream = new Writable({
    write(chunk, _enc, done) {
      lines.push(chunk.toString());
      done();
    },
  });
  // The same app, logging everything into `lines`.
  const config = { ...ctx.deps.config, ...loadConfig({ LOG_LEVEL: "trace", SCRYPT_LOG_N: "12", DATA_DIR: ctx.dataDir }) };
  app = await buildApp({ ...ctx.deps, config }, { webDir: path.join(ctx.dataDir, "no-web"), logStream: stream });
  await app.ready();
});
afterAll(async () => {
  await app.close();
  await ctx.close();
});

/** Makes every insert into the table fail inside PostgreSQL, as a full disk or a broken constraint would. */
const breakInserts = (table: string) =>
  ctx.deps.db.db.execute(sql.raw(`ALTER TABLE ${table} ADD CONSTRAINT broken_for_test CHECK (false) NOT VALID`));

const SECRET_SHAPES = [/scrypt\$\d+\$/, /\b[0-9a-f]{64}\b/, /[\w-]{43}/];

function expectNoSecrets(secrets: string[]) {
  const text = logText();
  expect(text.length).toBeGreaterThan(0);
  for (const secret of secrets) expect(text).not.toContain(secret);
  for (const shape of SECRET_SHAPES) expect(text).not.toMatch(shape);
}

describe("logs never hold secrets", () => {
  it("a failed registration logs the failure without the password, its hash or the e-mail", async () => {
    await breakInserts("users");
    const email = "leaky-signup@example.com";
    const res = await new Agent(app).post("/users/register", { fullName: "Leaky Lee", email, password: DEFAULT_PASSWORD });
    expect(res.status).toBe(500);
    expect(logText()).toMatch(/request failed/);
    expectNoSecrets([DEFAULT_PASSWORD, email, "Leaky Lee"]);
  });

  it("a failed login session insert does not log the session token or its hash", async () => {
    await ctx.deps.db.db.execute(sql.raw("ALTER TABLE users DROP CONSTRAINT broken_for_test"));
    const { user } = await createUser(ctx);
    await breakInserts("sessions");
    const res = await new Agent(app).post("/users/login", { email: user.email, password: DEFAULT_PASSWORD });
    expect(res.status).toBe(500);
    expectNoSecrets([DEFAULT_PASSWORD, user.email]);
  });

  it("a failed reset-link request does not log the token", async () => {
    const { user } = await createUser(ctx);
    await breakInserts("password_resets");
    const before = lines.length;
    await new Agent(app).post("/users/forgot-password", { email: user.email });
    await vi.waitFor(() => expect(lines.slice(before).join("")).toMatch(/password reset request failed/));
    expectNoSecrets([user.email]);
  });

  it("the URL of a reset-link page is logged without its token", async () => {
    const token = "Zq3xY_uP8sLw2VbN0mK5tR7hJ1cD4fG6aE9iO-yTzXw";
    await app.inject(`/resetpassword/${token}`);
    expect(logText()).toContain("/resetpassword/");
    expectNoSecrets([token]);
  });
});
