import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createUser, DEFAULT_PASSWORD } from "../test/factories";
import { LegacyClient } from "../test/legacy-client";
import { createTestApp, type TestContext } from "../test/test-app";
import { startFakeJudge0, type FakeJudge0 } from "../test/fake-judge0";
import type { TestProvider } from "./modules/payments/test-provider";
import { avatarUpload, makeImage, multipartBody } from "../test/test-uploads";

/*
 * Issue 10 §1.6: the original CodeFusion React client's REST calls (spec §7, LEGACY-PROTOCOL
 * §6), replayed with its exact payloads from another origin, checking every field it reads.
 * One `it` per flow of the client, in the order a user meets them; state carries over.
 */
const CLIENT_ORIGIN = "http://localhost:5173";
const PUBLIC_URL = "http://api.coderoom.test";
const WEB_URL = "http://localhost:5173";

let ctx: TestContext;
let fake: FakeJudge0;
let client: LegacyClient;
const me = { _id: "", email: `legacy-${Date.now()}@example.com`, password: "Secret1!x" };
const room = { roomId: "", languageId: 0, languageName: "" };

beforeAll(async () => {
  fake = await startFakeJudge0();
  ctx = await createTestApp({
    CORS_ORIGINS: CLIENT_ORIGIN,
    PUBLIC_URL,
    WEB_URL,
    EXECUTION_BACKEND: "judge0",
    JUDGE0_URL: fake.url,
    JUDGE0_POLL_MS: "5",
  });
  client = new LegacyClient(ctx.app, CLIENT_ORIGIN);
});
afterAll(async () => {
  await ctx?.close();
  await fake?.close();
});

/** The user document the client keeps as `data` (LEGACY-PROTOCOL §6): read straight off `data`. */
function expectUserDocument(data: any, role: string) {
  expect(typeof data._id).toBe("string");
  expect(data.role).toBe(role);
  expect(typeof data.fullName).toBe("string");
  // The room page sends `data.fullName.split(" ")[0]` and `data.avatar.secure_url` on join.
  expect(data.fullName.split(" ")[0]).not.toBe("");
  expect(data).toHaveProperty("avatar.secure_url");
  expect(data).toMatchObject({ subscription: expect.any(Object), rooms: expect.any(Array) });
  expect(data).not.toHaveProperty("user");
}

describe("the original client's REST flows, from another origin with credentials", () => {
  it("1. lists languages whose lower-cased name is a Monaco id", async () => {
    const res = await client.get("/rooms/languages");
    expect(res.body.success).toBe(true);
    const python = res.body.data.find((l: any) => l.id === 71);
    expect(python).toMatchObject({ name: "Python", monacoId: "python" });
    for (const l of res.body.data) {
      expect(l.name.toLowerCase(), l.label).toBe(l.monacoId);
    }
    Object.assign(room, { languageId: python.id, languageName: python.name });
  });

  it("2. registers: data is the user, logged in", async () => {
    const res = await client.post("/users/register", { fullName: "Legacy Tester", email: me.email, password: me.password });
    expect(res.body.success).toBe(true);
    expectUserDocument(res.body.data, "CODER");
    me._id = res.body.data._id;
    expect(client.loggedIn).toBe(true);
  });

  it("3. uploads the avatar (multipart `avatar`): an absolute URL that an allowed origin may show", async () => {
    const res = await client.call("POST", "/users/avatar", { multipart: avatarUpload(await makeImage("png")) });
    expect(res.body.success).toBe(true);
    expectUserDocument(res.body.data, "CODER");
    const url: string = res.body.data.avatar.secure_url;
    expect(url.startsWith(`${PUBLIC_URL}/uploads/`)).toBe(true);
    const image = await ctx.app.inject({ url: new URL(url).pathname, headers: { origin: CLIENT_ORIGIN, "sec-fetch-site": "cross-site" } });
    expect(image.statusCode).toBe(200);
    expect(image.headers["cross-origin-resource-policy"]).toBe("cross-origin");
  });

  it("4. fetches the profile: data is the user document itself", async () => {
    const res = await client.get("/users/profile");
    expect(res.body.success).toBe(true);
    expectUserDocument(res.body.data, "CODER");
    expect(res.body.data).toMatchObject({ _id: me._id, fullName: "Legacy Tester", email: me.email });
    expect(res.body.data.avatar.secure_url).toMatch(/^http/);
  });

  it("5. updates the profile (PUT, multipart fullName, email, avatar)", async () => {
    const form = multipartBody({ fullName: "Legacy Renamed", email: me.email }, [
      { field: "avatar", filename: "me.jpg", contentType: "image/jpeg", data: await makeImage("jpeg") },
    ]);
    const res = await client.call("PUT", "/users/update", { multipart: form });
    expect(res.body.success).toBe(true);
    expectUserDocument(res.body.data, "CODER");
    expect(res.body.data.fullName).toBe("Legacy Renamed");
  });

  it("6. logs out and back in: data is the user again", async () => {
    expect((await client.get("/users/logout")).body.success).toBe(true);
    const anon = await client.get("/users/profile");
    expect(anon.status).toBe(455);
    expect(anon.body.success).toBe(false);
    const res = await client.post("/users/login", { email: me.email, password: me.password });
    expect(res.body.success).toBe(true);
    expectUserDocument(res.body.data, "CODER");
    expect(res.body.data._id).toBe(me._id);
  });

  it("7. changes the password", async () => {
    const next = "Secret2!y";
    const res = await client.post("/users/change-password", { oldPassword: me.password, newPassword: next, confirmPassword: next });
    expect(res.body.success, res.body.message).toBe(true);
    me.password = next;
  });

  it("8-9. forgot and reset password: the mailed link opens the web app (WEB_URL)", async () => {
    const before = ctx.mails.length;
    expect((await client.post("/users/forgot-password", { email: me.email })).body.success).toBe(true);
    await vi.waitFor(() => expect(ctx.mails.length).toBe(before + 1));
    const token = new RegExp(`${WEB_URL}/resetpassword/([\\w-]+)`).exec(ctx.mails.at(-1)!.text)?.[1];
    expect(token).toBeDefined();
    const next = "Secret3!z";
    const res = await client.post("/users/reset-password", { newPassword: next, confirmPassword: next, resetToken: token, password: next });
    expect(res.body.success, res.body.message).toBe(true);
    me.password = next;
    expect((await client.post("/users/login", { email: me.email, password: me.password })).body.data._id).toBe(me._id);
  });

  it("10. sends the contact form", async () => {
    const res = await client.post("/users/contact", { name: "Legacy Tester", email: me.email, message: "Hello from the old client" });
    expect(res.body.success, res.body.message).toBe(true);
  });

  it("11. creates a room with roomName, languageId, languageName", async () => {
    const res = await client.post("/rooms/create", { roomName: "Legacy Room", languageId: room.languageId, languageName: room.languageName });
    expect(res.body.success, res.body.message).toBe(true);
    expect(res.body.data.roomId).toMatch(/^[A-Z0-9]{6}$/);
    room.roomId = res.body.data.roomId;
  });

  it("12. lists the user's rooms (data.rooms)", async () => {
    const res = await client.get("/users/rooms");
    expect(res.body.success).toBe(true);
    const listed = res.body.data.rooms.find((r: any) => r.roomId === room.roomId);
    expect(listed).toMatchObject({ roomName: "Legacy Room", owner: me._id, language: { name: "Python" }, anyoneCanEdit: false });
    expect(listed.createdAt).toEqual(expect.any(String));
    expect(listed.updatedAt).toEqual(expect.any(String));
  });

  it("13. joins the room: owner is the user's _id, language name is a Monaco id", async () => {
    const res = await client.get(`/rooms/join/${room.roomId}`);
    expect(res.body.success).toBe(true);
    const data = res.body.data;
    expect(data).toMatchObject({ roomId: room.roomId, roomName: "Legacy Room", owner: me._id, anyoneCanEdit: false });
    expect(data.language.id).toBe(room.languageId);
    expect(data.language.name.toLowerCase()).toBe("python");
    expect(typeof data.code).toBe("string");
  });

  it("14. saves code (PUT { code }) as the owner", async () => {
    const res = await client.put(`/rooms/update/${room.roomId}`, { code: 'print("saved")\n' });
    expect(res.body.success, res.body.message).toBe(true);
    expect((await client.get(`/rooms/join/${room.roomId}`)).body.data.code).toBe('print("saved")\n');
  });

  it("15. updates the settings (PUT { roomName, anyoneCanEdit })", async () => {
    const res = await client.put(`/rooms/update/${room.roomId}`, { roomName: "Legacy Renamed", anyoneCanEdit: true });
    expect(res.body.success, res.body.message).toBe(true);
    expect((await client.get(`/rooms/join/${room.roomId}`)).body.data).toMatchObject({ roomName: "Legacy Renamed", anyoneCanEdit: true });
  });

  it("16. runs code with { code, langId, stdIn } and reads the terminal result", async () => {
    const res = await client.post("/rooms/run", { code: 'print("hi")', langId: room.languageId, stdIn: "" });
    expect(res.body.success, res.body.message).toBe(true);
    expect(typeof res.body.message).toBe("string");
    expect(res.body.data.status).toMatchObject({ id: 3, description: expect.any(String) });
    expect(res.body.data).toHaveProperty("stdout");
    expect(res.body.data).toHaveProperty("stderr");
    expect(res.body.data).toHaveProperty("compile_output");
    expect(res.body.data).toHaveProperty("time");
  });

  it("17. logs in as a guest (GET), joins the room, and may not save it (403)", async () => {
    const guest = new LegacyClient(ctx.app, CLIENT_ORIGIN);
    const res = await guest.get("/users/guest-login");
    expect(res.body.success).toBe(true);
    expectUserDocument(res.body.data, "GUEST");
    expect((await guest.get(`/rooms/join/${room.roomId}`)).body.data.owner).not.toBe(res.body.data._id);
    const save = await guest.put(`/rooms/update/${room.roomId}`, { code: "x" });
    expect(save.status).toBe(403);
    expect(save.body.success).toBe(false);
  });

  it("18. deletes the room (DELETE) and reloads the list", async () => {
    const res = await client.delete(`/rooms/delete/${room.roomId}`);
    expect(res.body.success, res.body.message).toBe(true);
    const rooms = (await client.get("/users/rooms")).body.data.rooms;
    expect(rooms.some((r: any) => r.roomId === room.roomId)).toBe(false);
  });

  it("needed a CORS preflight for the JSON and PUT/DELETE calls, and passed each", () => {
    expect(client.preflights).toEqual(
      expect.arrayContaining([`PUT /api/v1/rooms/update/${room.roomId}`, `DELETE /api/v1/rooms/delete/${room.roomId}`, "POST /api/v1/users/login"]),
    );
  });
});

describe("the original client's payment flows", () => {
  let subscriptionId = "";
  const paymentsAvailable = () => ctx.app.payments.mode === "test";

  it("19. reads the public key (data.key)", async () => {
    const res = await client.get("/payments/apikey");
    expect(res.body.success).toBe(true);
    expect(typeof res.body.data.key).toBe("string");
  });

  it("20-21. buys Basic (data.id) and verifies the checkout result with amount and plan", async () => {
    if (!paymentsAvailable()) {
      console.warn("*** Skipped: the checkout step needs payments in Test mode (RAZORPAY_* set in the environment).");
      return;
    }
    const bought = await client.get("/payments/buy/basic");
    expect(bought.body.success, bought.body.message).toBe(true);
    subscriptionId = bought.body.data.id;
    expect(typeof subscriptionId).toBe("string");
    // What Razorpay's checkout hands the client; Test mode's checkout signs it the same way.
    const paid = (ctx.app.payments as TestProvider).checkout.pay({ id: subscriptionId, plan: "basic", userId: me._id });
    const res = await client.post("/payments/verify", { ...paid, amount: 499, plan: "basic" });
    expect(res.body.success, res.body.message).toBe(true);
    await (ctx.app.payments as TestProvider).checkout.settled();
    expect((await client.get("/users/profile")).body.data.subscription).toMatchObject({ id: subscriptionId, status: "active", plan: "basic" });
  });

  it("22. lists the payment history (data: records)", async () => {
    const res = await client.get("/payments/history");
    expect(res.body.success).toBe(true);
    expect(Array.isArray(res.body.data)).toBe(true);
    if (!subscriptionId) return;
    expect(res.body.data[0]).toMatchObject({
      _id: expect.any(String),
      amount: 499,
      status: "completed",
      createdAt: expect.any(String),
      razorpay_payment_id: expect.any(String),
      razorpay_subscription_id: subscriptionId,
    });
  });

  it("23. cancels the subscription (GET) and re-fetches the user", async () => {
    if (!subscriptionId) return;
    const res = await client.get("/payments/cancel");
    expect(res.body.success, res.body.message).toBe(true);
    expect(typeof res.body.message).toBe("string");
    expect((await client.get("/users/profile")).body.success).toBe(true);
  });

  it("24. an admin pages through all payments ({ start, limit })", async () => {
    const { user } = await createUser(ctx, { role: "ADMIN", fullName: "Legacy Admin" });
    const admin = new LegacyClient(ctx.app, CLIENT_ORIGIN);
    expectUserDocument((await admin.post("/users/login", { email: user.email, password: DEFAULT_PASSWORD })).body.data, "ADMIN");
    const res = await admin.post("/payments/all", { start: 0, limit: 10 });
    expect(res.body.success, res.body.message).toBe(true);
    expect(res.body.data).toMatchObject({
      purchases: expect.any(Array),
      totalRevenue: expect.any(Number),
      totalTransactions: expect.any(Number),
      completedCount: expect.any(Number),
      start: 0,
      limit: 10,
    });
    expect(res.body.data).toHaveProperty("successRate");
    expect(res.body.data).toHaveProperty("avgTransactionPrice");
  });
});
