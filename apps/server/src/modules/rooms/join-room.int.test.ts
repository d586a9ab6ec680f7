import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestContext } from "../../../test/test-app";
import { loggedInUser } from "../../../test/factories";
import { Agent } from "../../../test/agent";
import type { CatalogLanguage } from "../../execution/language-catalog";
import { createRoomAs, listedRoomIds, testLanguage } from "../../../test/room-test-helpers";

let ctx: TestContext;
let lang: CatalogLanguage;
beforeAll(async () => {
  ctx = await createTestApp();
  lang = testLanguage(ctx);
});
afterAll(() => ctx.close());

describe("GET /rooms/join/{id}", () => {
  it("answers the room of spec §3 (roomId, roomName, language {id, name}, owner, code, anyoneCanEdit)", async () => {
    const { agent: owner, user } = await loggedInUser(ctx);
    const roomId = await createRoomAs(owner, "Quantum Lab");
    const { agent } = await loggedInUser(ctx);
    const res = await agent.get(`/rooms/join/${roomId}`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ success: true, message: "Room joined successfully" });
    expect(res.body.data).toMatchObject({
      roomId,
      roomName: "Quantum Lab",
      language: { id: lang.id, name: lang.name },
      owner: user.id,
      code: lang.starter,
      anyoneCanEdit: false,
    });
  });

  it("matches the ID case-insensitively", async () => {
    const { agent: owner } = await loggedInUser(ctx);
    const roomId = await createRoomAs(owner);
    const { agent } = await loggedInUser(ctx);
    const res = await agent.get(`/rooms/join/${roomId.toLowerCase()}`);
    expect(res.status).toBe(200);
    expect(res.body.data.roomId).toBe(roomId);
  });

  it("adds the room to the joiner's list once, however often they join", async () => {
    const { agent: owner } = await loggedInUser(ctx);
    const roomId = await createRoomAs(owner);
    const { agent } = await loggedInUser(ctx);
    await agent.get(`/rooms/join/${roomId}`);
    await agent.get(`/rooms/join/${roomId.toLowerCase()}`);
    expect(await listedRoomIds(agent)).toEqual([roomId]);
  });

  it.each([
    ["too short", "ABC12"],
    ["too long", "ABC1234"],
    ["with symbols", "AB-12!"],
    ["with a space inside", "AB%2012"],
    ["with non-ASCII letters", "ÄBC123"],
  ])("rejects an ID that is %s (400 validation_failed)", async (_label, id) => {
    const { agent } = await loggedInUser(ctx);
    const res = await agent.get(`/rooms/join/${encodeURI(id)}`);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ success: false, code: "validation_failed" });
  });

  it("answers 404 room_not_found for a well-formed ID nobody uses", async () => {
    const { agent } = await loggedInUser(ctx);
    const res = await agent.get("/rooms/join/ZZZZZZ");
    expect(res.status).toBe(404);
    expect(res.body).toMatchObject({ success: false, code: "room_not_found", message: "Room not found" });
  });

  it("requires a session (455)", async () => {
    const { agent: owner } = await loggedInUser(ctx);
    const roomId = await createRoomAs(owner);
    expect((await new Agent(ctx.app).get(`/rooms/join/${roomId}`)).status).toBe(455);
  });
});
