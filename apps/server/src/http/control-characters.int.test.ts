import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { validationMessages as m } from "@coderoom/shared/messages";
import { Agent } from "../../test/agent";
import { DEFAULT_PASSWORD, loggedInUser } from "../../test/factories";
import { createTestApp, type TestContext } from "../../test/test-app";
import { postWebhook } from "../../test/payment-test-helpers";
import { webhookEvent } from "../modules/payments/webhook-event";
import { createRoomAs } from "../../test/room-test-helpers";

// Finding 2 of issue 11: PostgreSQL text cannot hold NUL, so a NUL used to reach the
// database and come back as a 500. The shared schemas refuse it up front with a 400.
let ctx: TestContext;
let agent: Agent;
let roomId: string;
beforeAll(async () => {
  ctx = await createTestApp();
  agent = (await loggedInUser(ctx)).agent;
  roomId = await createRoomAs(agent);
});
afterAll(() => ctx.close());

const NUL = "\u0000";

describe("control characters in text fields", () => {
  it.each([
    ["register fullName", () => new Agent(ctx.app).post("/users/register", { fullName: `Ann${NUL}`, email: "nul1@example.com", password: DEFAULT_PASSWORD }), m.controlCharacters],
    ["register fullName with ESC", () => new Agent(ctx.app).post("/users/register", { fullName: "Ann\u001b[31m", email: "nul2@example.com", password: DEFAULT_PASSWORD }), m.controlCharacters],
    ["update fullName", () => agent.put("/users/update", { fullName: `Ann${NUL}`, email: "someone@example.com" }), m.controlCharacters],
    ["room create name", async () => agent.post("/rooms/create", { roomName: `R${NUL}`, languageId: (await agent.get("/rooms/languages")).body.data[0].id }), m.controlCharacters],
    ["room update name", () => agent.put(`/rooms/update/${roomId}`, { roomName: `R\n${NUL}` }), m.controlCharacters],
    ["room update code", () => agent.put(`/rooms/update/${roomId}`, { code: `print(1)${NUL}` }), m.codeNul],
    ["contact name", () => new Agent(ctx.app).post("/users/contact", { name: `Ann${NUL}`, email: "a@example.com", message: "Hello there, friends" }), m.controlCharacters],
    ["contact message", () => new Agent(ctx.app).post("/users/contact", { name: "Ann", email: "a@example.com", message: `Hello there${NUL}, friends` }), m.controlCharacters],
  ])("%s: 400 with a clear message, not 500", async (_name, send, message) => {
    const res = await send();
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ success: false, code: "validation_failed", message });
  });

  // Issue 41 §2: ids reach a database lookup; a NUL used to turn it into a 500.
  it.each([
    ["verify", () => agent.post("/payments/verify", { razorpay_payment_id: "pay_1", razorpay_subscription_id: `sub${NUL}1`, razorpay_signature: "00" })],
    ["verify signature", () => agent.post("/payments/verify", { razorpay_payment_id: "pay_1", razorpay_subscription_id: "sub_1", razorpay_signature: `00${NUL}` })],
    ["test checkout pay", () => agent.post("/payments/test-checkout/pay", { subscription_id: `sub${NUL}1` })],
    ["test checkout decline", () => agent.post("/payments/test-checkout/decline", { subscription_id: `sub${NUL}1` })],
  ])("payment id with NUL in %s: 400 with a clear message, not 500", async (_name, send) => {
    const res = await send();
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ success: false, code: "validation_failed", message: m.controlCharacters });
  });

  it.each([
    ["subscription id", webhookEvent("subscription.charged", { subscription: { id: `sub${NUL}1` }, payment: { id: "pay_nul1" } })],
    ["payment id", webhookEvent("payment.failed", { payment: { id: `pay${NUL}2`, subscription_id: "sub_nul2" } })],
    ["payment's subscription id", webhookEvent("payment.failed", { payment: { id: "pay_nul3", subscription_id: `sub${NUL}3` } })],
  ])("a signed webhook with NUL in its %s: 400, not 500", async (_name, event) => {
    const res = await postWebhook(ctx, event);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ success: false, code: "validation_failed" });
  });

  it("keeps tabs, newlines and other characters a program legitimately contains in code", async () => {
    const code = "if x:\n\tprint('a\\0b')\r\n# \u001b[0m é ✓ \u00a0";
    const res = await agent.put(`/rooms/update/${roomId}`, { code });
    expect(res.status).toBe(200);
    expect((await agent.get(`/rooms/join/${roomId}`)).body.data.code).toBe(code);
  });

  it("keeps line breaks and tabs in a contact message", async () => {
    const res = await new Agent(ctx.app).post("/users/contact", { name: "Ann", email: "a@example.com", message: "Line one\n\tLine two\r\nend" });
    expect(res.status).toBe(200);
  });
});
