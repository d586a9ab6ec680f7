import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { plans } from "@coderoom/shared/constants/plans";
import { limits } from "@coderoom/shared/constants/limits";
import { createTestApp, type TestContext } from "../../../test/test-app";
import { loggedInUser } from "../../../test/factories";
import { Agent } from "../../../test/agent";
import { rooms } from "../../db/schema/rooms";
import { createRoom } from "./create-room";
import type { CatalogLanguage } from "../../execution/language-catalog";
import { createRoomAs, listedRoomIds, testLanguage } from "../../../test/room-test-helpers";

let ctx: TestContext;
let lang: CatalogLanguage;
beforeAll(async () => {
  ctx = await createTestApp();
  lang = testLanguage(ctx);
});
afterAll(() => ctx.close());

describe("GET /rooms/languages", () => {
  it("lists the languages the server offers as {id, name, label, version, monacoId}", async () => {
    const res = await new Agent(ctx.app).get("/rooms/languages");
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual(
      ctx.deps.languages.list().map(({ id, name, label, version, monacoId }) => ({ id, name, label, version, monacoId })),
    );
  });
});

describe("POST /rooms/create", () => {
  it("creates a room with a 6-character ID, the language's starter code and the owner in it", async () => {
    const { agent, user } = await loggedInUser(ctx);
    const res = await agent.post("/rooms/create", { roomName: "  Epic Coders  ", languageId: lang.id, languageName: "x" });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ success: true, message: "Room created successfully" });
    const roomId = res.body.data.roomId;
    expect(roomId).toMatch(/^[A-Z0-9]{6}$/);
    const [row] = await ctx.deps.db.db.select().from(rooms).where(eq(rooms.id, roomId));
    expect(row).toMatchObject({ name: "Epic Coders", ownerId: user.id, code: lang.starter, languageName: lang.name });
    expect(await listedRoomIds(agent)).toEqual([roomId]);
  });

  it("accepts a name of exactly the maximum length", async () => {
    const { agent } = await loggedInUser(ctx);
    const res = await agent.post("/rooms/create", { roomName: "n".repeat(limits.roomNameMax), languageId: lang.id });
    expect(res.status).toBe(201);
  });

  it.each([
    ["blank", "   "],
    ["empty", ""],
    ["over the maximum length", "n".repeat(limits.roomNameMax + 1)],
    ["missing", undefined],
  ])("rejects a room name that is %s (400)", async (_label, roomName) => {
    const { agent } = await loggedInUser(ctx);
    const res = await agent.post("/rooms/create", { roomName, languageId: lang.id });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ success: false, code: "validation_failed" });
  });

  it("rejects a language the server does not offer (400 language_unknown)", async () => {
    const { agent } = await loggedInUser(ctx);
    const res = await agent.post("/rooms/create", { roomName: "Room", languageId: 99_999, languageName: "Brainfuck" });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ success: false, code: "language_unknown" });
  });

  it("rejects a missing or non-numeric language id (400)", async () => {
    const { agent } = await loggedInUser(ctx);
    expect((await agent.post("/rooms/create", { roomName: "Room" })).status).toBe(400);
    expect((await agent.post("/rooms/create", { roomName: "Room", languageId: "python" })).status).toBe(400);
  });

  it("requires a session (455)", async () => {
    const res = await new Agent(ctx.app).post("/rooms/create", { roomName: "Room", languageId: lang.id });
    expect(res.status).toBe(455);
  });

  it("refuses the 6th room on the Free plan with a message naming the limit and the upgrade (403)", async () => {
    const { agent } = await loggedInUser(ctx);
    for (let i = 0; i < plans.free.maxRooms; i += 1) await createRoomAs(agent, `Room ${i}`);
    const res = await agent.post("/rooms/create", { roomName: "One too many", languageId: lang.id });
    expect(res.status).toBe(403);
    expect(res.body.code).toBe("room_limit_reached");
    expect(res.body.message).toContain(`up to ${plans.free.maxRooms} rooms`);
    expect(res.body.message).toMatch(/upgrade to Basic or Pro/i);
  });

  it("frees a slot on the Free plan when the owner deletes a room", async () => {
    const { agent } = await loggedInUser(ctx);
    const ids: string[] = [];
    for (let i = 0; i < plans.free.maxRooms; i += 1) ids.push(await createRoomAs(agent, `Room ${i}`));
    expect((await agent.delete(`/rooms/delete/${ids[0]}`)).status).toBe(200);
    expect((await agent.post("/rooms/create", { roomName: "Again", languageId: lang.id })).status).toBe(201);
  });

  it("does not count joined rooms against the Free limit", async () => {
    const { agent: owner } = await loggedInUser(ctx);
    const { agent } = await loggedInUser(ctx);
    const joined = await createRoomAs(owner, "Someone else's");
    expect((await agent.get(`/rooms/join/${joined}`)).status).toBe(200);
    for (let i = 0; i < plans.free.maxRooms; i += 1) await createRoomAs(agent, `Room ${i}`);
    expect(await listedRoomIds(agent)).toHaveLength(plans.free.maxRooms + 1);
  });

  it("lets an admin own more rooms than the Free limit", async () => {
    const { agent } = await loggedInUser(ctx, { role: "ADMIN" });
    for (let i = 0; i <= plans.free.maxRooms; i += 1) await createRoomAs(agent, `Admin ${i}`);
    expect(await listedRoomIds(agent)).toHaveLength(plans.free.maxRooms + 1);
  });

  it("keeps the Free limit under concurrent creates by the same user", async () => {
    const { agent } = await loggedInUser(ctx);
    const results = await Promise.all(
      Array.from({ length: 12 }, (_, i) => agent.post("/rooms/create", { roomName: `Race ${i}`, languageId: lang.id })),
    );
    const statuses = results.map((r) => r.status).sort();
    expect(statuses.filter((s) => s === 201)).toHaveLength(plans.free.maxRooms);
    expect(statuses.filter((s) => s === 403)).toHaveLength(12 - plans.free.maxRooms);
  });

  it("gives concurrent creates distinct IDs", async () => {
    const { agent } = await loggedInUser(ctx, { role: "ADMIN" });
    const ids = await Promise.all(Array.from({ length: 20 }, (_, i) => createRoomAs(agent, `Parallel ${i}`)));
    expect(new Set(ids).size).toBe(20);
  });

  it("retries with a fresh ID when concurrent creates race for the same ID", async () => {
    const { user } = await loggedInUser(ctx, { role: "ADMIN" });
    // Both creates draw "RACE01" first; the loser must draw again instead of failing.
    const draws = ["RACE01", "RACE01", "RACE02", "RACE03"];
    const generateId = () => draws.shift() ?? "RACE09";
    const create = (roomName: string) =>
      createRoom({ db: ctx.deps.db.db, languages: ctx.deps.languages, user, body: { roomName, languageId: lang.id }, now: ctx.clock.now, generateId });
    const made = await Promise.all([create("First"), create("Second")]);
    expect(made.map((r) => r.id).sort()).toEqual(["RACE01", "RACE02"]);
    const stored = await ctx.deps.db.db.select({ id: rooms.id, name: rooms.name }).from(rooms).where(eq(rooms.ownerId, user.id));
    expect(stored).toHaveLength(2);
  });
});
