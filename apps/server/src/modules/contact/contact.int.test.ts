import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { validationMessages as m } from "@coderoom/shared/messages";
import { contactMessages } from "../../db/schema/users";
import { Agent } from "../../../test/agent";
import { loggedInUser } from "../../../test/factories";
import { createTestApp, type TestContext } from "../../../test/test-app";

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp({ SUPPORT_EMAIL: "help@coderoom.example" });
});
afterAll(() => ctx.close());

let nextIp = 0;
const freshIp = () => ({ remoteAddress: `10.1.0.${++nextIp}` });
const valid = { name: "Priya Sharma", email: "Priya@Example.com", message: "Hello, I would like to know more about Pro." };
const postContact = (body: Record<string, unknown>, agent = new Agent(ctx.app)) => agent.post("/users/contact", body, freshIp());

describe("POST /users/contact", () => {
  it("stores the message and mails it to support with Reply-To the sender", async () => {
    const res = await postContact(valid);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true, message: "Message sent successfully. We will get back to you soon", data: null });
    const rows = await ctx.deps.db.db.select().from(contactMessages).where(eq(contactMessages.email, "priya@example.com"));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ name: "Priya Sharma", message: valid.message, userId: null });
    const mail = ctx.mails.at(-1)!;
    expect(mail).toMatchObject({ to: "help@coderoom.example", replyTo: "priya@example.com", subject: "Contact form: Priya Sharma" });
    expect(mail.text).toContain(valid.message);
  });

  it("keeps the message and still answers 200 when the mail server fails", async () => {
    const originalSend = ctx.deps.mailer.send;
    ctx.deps.mailer.send = async () => {
      throw new Error("SMTP is down");
    };
    try {
      const res = await postContact({ ...valid, email: "smtp-down@example.com" });
      expect(res.status).toBe(200);
    } finally {
      ctx.deps.mailer.send = originalSend;
    }
    const rows = await ctx.deps.db.db.select().from(contactMessages).where(eq(contactMessages.email, "smtp-down@example.com"));
    expect(rows).toHaveLength(1);
  });

  it("records the account of a logged-in sender", async () => {
    const { user, agent } = await loggedInUser(ctx);
    const res = await postContact({ ...valid, email: "logged-in@example.com" }, agent);
    expect(res.status).toBe(200);
    const [row] = await ctx.deps.db.db.select().from(contactMessages).where(eq(contactMessages.email, "logged-in@example.com"));
    expect(row!.userId).toBe(user.id);
  });

  it("refuses a name with line breaks, so it can never add mail headers (issue 11: control characters)", async () => {
    const before = ctx.mails.length;
    const res = await postContact({ ...valid, name: "Evil\r\nBcc: victim@example.com" });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ success: false, code: "validation_failed", message: m.controlCharacters });
    expect(ctx.mails.length).toBe(before);
  });

  it.each([
    ["name", undefined, m.fullNameRequired],
    ["name", "", m.fullNameRequired],
    ["name", "P", m.fullNameMin],
    ["email", undefined, m.emailRequired],
    ["email", "", m.emailRequired],
    ["email", "priya@", m.emailInvalid],
    ["email", `${"x".repeat(65)}@example.com`, m.emailInvalid],
    ["message", undefined, m.messageRequired],
    ["message", "   ", m.messageRequired],
    ["message", "too short", m.messageMin],
    ["message", "x".repeat(2001), m.messageMax],
  ])("%s=%j -> 400 \"%s\"", async (field, value, message) => {
    const body: Record<string, unknown> = { ...valid, [field]: value };
    if (value === undefined) delete body[field];
    const res = await postContact(body);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ success: false, code: "validation_failed", message });
  });

  it("accepts a message of exactly 2000 characters", async () => {
    expect((await postContact({ ...valid, message: "y".repeat(2000) })).status).toBe(200);
  });

  it("is throttled per IP: the sixth message in 10 minutes gets 429", async () => {
    const fromOneIp = () => ctx.app.inject({ method: "POST", url: "/api/v1/users/contact", remoteAddress: "192.0.2.50", payload: valid });
    for (let i = 0; i < 5; i += 1) expect((await fromOneIp()).statusCode).toBe(200);
    const blocked = await fromOneIp();
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().code).toBe("rate_limited");
    ctx.clock.advance(10 * 60_000 + 1000);
    expect((await fromOneIp()).statusCode).toBe(200);
  });

  it("refuses a cross-site post", async () => {
    const res = await new Agent(ctx.app).post("/users/contact", valid, { headers: { origin: "https://evil.example" } });
    expect(res.status).toBe(403);
  });
});
