import fs from "node:fs";
import path from "node:path";
import { count, eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { validationMessages } from "@coderoom/shared/messages";
import { uploads } from "../../db/schema/uploads";
import { users } from "../../db/schema/users";
import { Agent } from "../../../test/agent";
import { DEFAULT_PASSWORD, loggedInUser } from "../../../test/factories";
import { createTestApp, type TestContext } from "../../../test/test-app";
import { importAvatarFiles } from "./import-avatar-files";
import { avatarUpload, hostileSvg, isWebp, makeImage, multipartBody } from "../../../test/test-uploads";

let ctx: TestContext;
/** A second process of the same deployment: its own DATA_DIR, the same database. */
let other: TestContext;
beforeAll(async () => {
  ctx = await createTestApp({ PUBLIC_URL: "https://coderoom.example" });
  other = await createTestApp({ PUBLIC_URL: "https://coderoom.example" }, { db: ctx.deps.db });
});
afterAll(async () => {
  await other.close();
  await ctx.close();
});

// Absolute from PUBLIC_URL, so a client on another origin can show it (issue 10 §1.3).
const AVATAR_URL = /^https:\/\/coderoom\.example\/uploads\/avatars\/[0-9a-f]{32}\.webp$/;
const pathOf = (url: string) => new URL(url).pathname;
const upload = (agent: Agent, body: ReturnType<typeof multipartBody>) => agent.post("/users/avatar", body.payload, { headers: body.headers });
/** The stored bytes of the avatar at `url`, or undefined. */
const stored = async (url: string) => {
  const [row] = await ctx.deps.db.db.select().from(uploads).where(eq(uploads.name, path.basename(url)));
  return row ? Buffer.from(row.data) : undefined;
};
const storedCount = async () => (await ctx.deps.db.db.select({ n: count() }).from(uploads))[0]!.n;

describe("POST /users/avatar", () => {
  it.each(["png", "jpeg", "webp"] as const)("stores a %s as a 500x500 WebP and answers the user object", async (format) => {
    const { agent, user } = await loggedInUser(ctx);
    const res = await upload(agent, avatarUpload(await makeImage(format, 640, 360), `me.${format}`, `image/${format}`));
    expect(res.status).toBe(200);
    expect(res.body.data.role).toBe("CODER");
    const url: string = res.body.data.avatar.secure_url;
    expect(url).toMatch(AVATAR_URL);
    const bytes = (await stored(url))!;
    expect(isWebp(bytes)).toBe(true);
    expect(await sharp(bytes).metadata()).toMatchObject({ format: "webp", width: 500, height: 500 });
    const [row] = await ctx.deps.db.db.select().from(users).where(eq(users.id, user.id));
    expect(row!.avatarFile).toBe(path.basename(url));
  });

  it("serves the stored file as immutable, nosniff WebP", async () => {
    const { agent } = await loggedInUser(ctx);
    const url: string = (await upload(agent, avatarUpload(await makeImage("png")))).body.data.avatar.secure_url;
    const res = await ctx.app.inject(pathOf(url));
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("image/webp");
    expect(res.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(res.headers["x-content-type-options"]).toBe("nosniff");
    expect(res.rawPayload.equals((await stored(url))!)).toBe(true);
  });

  it("serves a picture uploaded through one process from another (uploads live in the database)", async () => {
    const { agent } = await loggedInUser(ctx);
    const url: string = (await upload(agent, avatarUpload(await makeImage("png")))).body.data.avatar.secure_url;
    expect(fs.readdirSync(other.dataDir)).not.toContain("uploads");
    const res = await other.app.inject(pathOf(url));
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("image/webp");
    expect(res.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(res.rawPayload.equals((await stored(url))!)).toBe(true);
  });

  it("deletes the previous file when the picture is replaced", async () => {
    const { agent } = await loggedInUser(ctx);
    const first: string = (await upload(agent, avatarUpload(await makeImage("png")))).body.data.avatar.secure_url;
    const second: string = (await upload(agent, avatarUpload(await makeImage("jpeg"), "b.jpg", "image/jpeg"))).body.data.avatar.secure_url;
    expect(second).not.toBe(first);
    expect(await stored(first)).toBeUndefined();
    expect((await ctx.app.inject(pathOf(first))).statusCode).toBe(404);
    expect((await ctx.app.inject(pathOf(second))).statusCode).toBe(200);
  });

  it("rasterises an SVG with a script and an external reference: stored and served as WebP only", async () => {
    const { agent } = await loggedInUser(ctx);
    const res = await upload(agent, avatarUpload(hostileSvg, "evil.svg", "image/svg+xml"));
    expect(res.status).toBe(200);
    const url: string = res.body.data.avatar.secure_url;
    expect(url).toMatch(AVATAR_URL);
    const bytes = (await stored(url))!;
    expect(isWebp(bytes)).toBe(true);
    expect(bytes.includes("<script")).toBe(false);
    expect(bytes.includes("<svg")).toBe(false);
    const served = await ctx.app.inject(pathOf(url));
    expect(served.headers["content-type"]).toBe("image/webp");
    expect(served.body).not.toContain("<svg");
  });

  it("accepts a PNG named .svg and stores it as a PNG-derived WebP", async () => {
    const { agent } = await loggedInUser(ctx);
    const res = await upload(agent, avatarUpload(await makeImage("png"), "x.svg", "image/svg+xml"));
    expect(res.status).toBe(200);
    expect(isWebp((await stored(res.body.data.avatar.secure_url))!)).toBe(true);
  });

  it.each([
    ["a text file named x.png", Buffer.from("just some text, not an image"), "x.png", "image/png"],
    ["an HTML page named x.jpg", Buffer.from("<html><script>alert(1)</script></html>"), "x.jpg", "image/jpeg"],
    ["a truncated PNG", Buffer.from("\x89PNG\r\n\x1a\n0000", "latin1"), "x.png", "image/png"],
  ])("refuses %s (400 unsupported_file_type)", async (_label, data, filename, type) => {
    const { agent } = await loggedInUser(ctx);
    const before = await storedCount();
    const res = await upload(agent, avatarUpload(data, filename, type));
    expect(res.status).toBe(400);
    expect(res.body.code).toBe("unsupported_file_type");
    expect(await storedCount()).toBe(before);
  });

  it("refuses a GIF although it is an image (not in the accepted types)", async () => {
    const { agent } = await loggedInUser(ctx);
    const res = await upload(agent, avatarUpload(await makeImage("gif"), "x.png", "image/png"));
    expect(res.status).toBe(400);
    expect(res.body.code).toBe("unsupported_file_type");
  });

  it("answers 413 for a file over 5 MB and keeps the current picture", async () => {
    const { agent, user } = await loggedInUser(ctx);
    const big = Buffer.concat([await makeImage("png"), Buffer.alloc(5 * 1024 * 1024)]);
    const before = await storedCount();
    const res = await upload(agent, avatarUpload(big));
    expect(res.status).toBe(413);
    expect(res.body).toMatchObject({ success: false, code: "payload_too_large" });
    expect(await storedCount()).toBe(before);
    const [row] = await ctx.deps.db.db.select().from(users).where(eq(users.id, user.id));
    expect(row!.avatarFile).toBeNull();
  });

  it("answers 413 for an image whose dimensions would decode to too many pixels", async () => {
    const { agent } = await loggedInUser(ctx);
    const bomb = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="60000" height="60000"><rect width="10" height="10"/></svg>');
    const res = await upload(agent, avatarUpload(bomb, "bomb.svg", "image/svg+xml"));
    expect(res.status).toBe(413);
    expect(res.body.code).toBe("payload_too_large");
  });

  it("answers 400 file_required without a file", async () => {
    const { agent } = await loggedInUser(ctx);
    const expected = { success: false, code: "file_required", message: validationMessages.avatarRequired };
    expect((await upload(agent, multipartBody({ note: "no file" }))).body).toEqual(expected);
    expect((await upload(agent, avatarUpload(Buffer.alloc(0)))).body).toEqual(expected);
    expect((await agent.post("/users/avatar", { avatar: "not a file" })).body).toEqual(expected);
  });

  it.each([
    ["without a boundary", "abc", "multipart/form-data"],
    ["cut short", '--xx\r\nContent-Disposition: form-data; name="avatar"; filename="a.png"\r\n\r\nabc', "multipart/form-data; boundary=xx"],
  ])("answers 400 for a multipart body %s", async (_label, payload, type) => {
    const { agent } = await loggedInUser(ctx);
    for (const res of [
      await agent.post("/users/avatar", payload, { headers: { "content-type": type } }),
      await agent.put("/users/update", payload, { headers: { "content-type": type } }),
    ]) {
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ success: false, code: "validation_failed", message: "The form data could not be read" });
    }
  });

  it("needs a session (455) and a same-site request (403)", async () => {
    const body = avatarUpload(await makeImage("png"));
    expect((await upload(new Agent(ctx.app), body)).status).toBe(455);
    const { agent } = await loggedInUser(ctx);
    const crossSite = await agent.post("/users/avatar", body.payload, { headers: { ...body.headers, origin: "https://evil.example" } });
    expect(crossSite.status).toBe(403);
    expect(crossSite.body.code).toBe("cross_site_request");
  });
});

describe("PUT /users/update (multipart)", () => {
  it("updates name, e-mail and picture together", async () => {
    const { agent, user } = await loggedInUser(ctx);
    const email = `pic-${user.id.slice(0, 8)}@example.com`;
    const body = avatarUpload(await makeImage("webp"), "me.webp", "image/webp", { fullName: "Pic Person", email, currentPassword: DEFAULT_PASSWORD });
    const res = await agent.put("/users/update", body.payload, { headers: body.headers });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ fullName: "Pic Person", email });
    expect(res.body.data.avatar.secure_url).toMatch(AVATAR_URL);
  });

  it("updates the fields alone when no file is chosen", async () => {
    const { agent } = await loggedInUser(ctx);
    const first = await upload(agent, avatarUpload(await makeImage("png")));
    const me = first.body.data;
    const body = multipartBody({ fullName: "Only Name", email: me.email });
    const res = await agent.put("/users/update", body.payload, { headers: body.headers });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ fullName: "Only Name", avatar: me.avatar });
  });

  it("applies the same validation messages to form fields", async () => {
    const { agent } = await loggedInUser(ctx);
    const body = multipartBody({ fullName: "Form User", email: "not-an-email" });
    const res = await agent.put("/users/update", body.payload, { headers: body.headers });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ success: false, code: "validation_failed", message: validationMessages.emailInvalidAddress });
  });

  it("answers 413 payload_too_large for a form with too many fields", async () => {
    const { agent } = await loggedInUser(ctx);
    const fields = Object.fromEntries(Array.from({ length: 20 }, (_, i) => [`field${i}`, "x"]));
    const body = multipartBody(fields);
    const res = await agent.put("/users/update", body.payload, { headers: body.headers });
    expect(res.status).toBe(413);
    expect(res.body).toEqual({ success: false, code: "payload_too_large", message: "Too many form fields" });
  });

  it("changes nothing when the picture is refused", async () => {
    const { agent, user } = await loggedInUser(ctx, { fullName: "Before" });
    const body = avatarUpload(Buffer.from("not an image"), "x.png", "image/png", { fullName: "After", email: user.email });
    const res = await agent.put("/users/update", body.payload, { headers: body.headers });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe("unsupported_file_type");
    const [row] = await ctx.deps.db.db.select().from(users).where(eq(users.id, user.id));
    expect(row!.fullName).toBe("Before");
  });
});

describe("GET /uploads/avatars/:file", () => {
  it.each(["0123456789abcdef0123456789abcdef.webp", "not-ours.webp", "..%2F..%2Fetc%2Fpasswd", "0123456789ABCDEF0123456789ABCDEF.webp"])(
    "answers 404 for %s",
    async (name) => {
      const res = await ctx.app.inject(`/uploads/avatars/${name}`);
      expect(res.statusCode).toBe(404);
    },
  );
});

describe("registration sequence (spec §4)", () => {
  it("register, then upload the avatar, then fetch the profile", async () => {
    const agent = new Agent(ctx.app);
    const email = `seq-${Date.now()}@example.com`;
    expect((await agent.post("/users/register", { fullName: "Seq User", email, password: "Secret1!x" })).status).toBe(201);
    expect((await upload(agent, avatarUpload(await makeImage("jpeg"), "me.jpg", "image/jpeg"))).status).toBe(200);
    const profile = await agent.get("/users/profile");
    expect(profile.body.data).toMatchObject({ email, fullName: "Seq User" });
    expect(profile.body.data.avatar.secure_url).toMatch(AVATAR_URL);
  });
});

describe("avatars of earlier versions (files under DATA_DIR/uploads)", () => {
  it("move into the database at start under the same URL; files no user shows stay where they are", async () => {
    const { user } = await loggedInUser(ctx);
    const webp = await sharp(await makeImage("png")).webp().toBuffer();
    const name = "00112233445566778899aabbccddeeff.webp";
    const orphan = "ffeeddccbbaa99887766554433221100.webp";
    const dir = path.join(ctx.deps.config.uploadsDir, "avatars");
    fs.mkdirSync(dir, { recursive: true });
    fs.writeFileSync(path.join(dir, name), webp);
    fs.writeFileSync(path.join(dir, orphan), webp);
    await ctx.deps.db.db.update(users).set({ avatarFile: name }).where(eq(users.id, user.id));
    expect((await other.app.inject(`/uploads/avatars/${name}`)).statusCode).toBe(404);

    expect(await importAvatarFiles(ctx.deps.db.db, ctx.deps.config.uploadsDir)).toBe(1);
    // A second start (or another process) finds nothing left to move.
    expect(await importAvatarFiles(ctx.deps.db.db, ctx.deps.config.uploadsDir)).toBe(0);
    const res = await other.app.inject(`/uploads/avatars/${name}`);
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.equals(webp)).toBe(true);
    expect(fs.readdirSync(dir)).toEqual([orphan]);
  });
});
