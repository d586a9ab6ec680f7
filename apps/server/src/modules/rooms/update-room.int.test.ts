import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { limits } from "@coderoom/shared/constants/limits";
import { createTestApp, type TestContext } from "../../../test/test-app";
import { loggedInUser } from "../../../test/factories";
import type { Agent } from "../../../test/agent";
import type { DomainEvents } from "../../events";
import { createRoomAs } from "../../../test/room-test-helpers";

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

async function ownedRoom(): Promise<{ owner: Agent; roomId: string }> {
  const { agent: owner } = await loggedInUser(ctx);
  return { owner, roomId: await createRoomAs(owner, "Before") };
}

const fetchRoom = async (agent: Agent, roomId: string) => (await agent.get(`/rooms/join/${roomId}`)).body.data;

describe("PUT /rooms/update/{id}", () => {
  it("saves code alone and answers \"Code saved successfully!\"", async () => {
    const { owner, roomId } = await ownedRoom();
    const res = await owner.put(`/rooms/update/${roomId}`, { code: "print(42)\n" });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ success: true, message: "Code saved successfully!", data: { changed: ["code"] } });
    expect(await fetchRoom(owner, roomId)).toMatchObject({ code: "print(42)\n", roomName: "Before", anyoneCanEdit: false });
  });

  it("updates settings alone and answers \"Room details updated successfully!\"", async () => {
    const { owner, roomId } = await ownedRoom();
    const before = await fetchRoom(owner, roomId);
    const res = await owner.put(`/rooms/update/${roomId}`, { roomName: "  After  ", anyoneCanEdit: true });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe("Room details updated successfully!");
    expect(await fetchRoom(owner, roomId)).toMatchObject({ roomName: "After", anyoneCanEdit: true, code: before.code });
  });

  it("moves updatedAt when something changes and leaves it when nothing does", async () => {
    const { owner, roomId } = await ownedRoom();
    const created = await fetchRoom(owner, roomId);
    ctx.clock.advance(60_000);
    await owner.put(`/rooms/update/${roomId}`, { code: created.code, roomName: "Before" });
    expect((await fetchRoom(owner, roomId)).updatedAt).toBe(created.updatedAt);
    await owner.put(`/rooms/update/${roomId}`, { anyoneCanEdit: true });
    const after = await fetchRoom(owner, roomId);
    expect(after.updatedAt).toBe(ctx.clock.now.toISOString());
    expect(after.createdAt).toBe(created.createdAt);
  });

  it("emits room.updated with the changed fields", async () => {
    const { owner, roomId } = await ownedRoom();
    const seen: DomainEvents["room.updated"][] = [];
    const off = ctx.deps.events.on("room.updated", (e) => seen.push(e));
    await owner.put(`/rooms/update/${roomId}`, { roomName: "Renamed", code: "x = 1\n" });
    off();
    expect(seen).toHaveLength(1);
    expect(seen[0]).toMatchObject({ roomId, fields: ["roomName", "code"] });
  });

  it.each([
    ["the code", { code: "hacked" }],
    ["the name", { roomName: "Mine now" }],
    ["anyoneCanEdit", { anyoneCanEdit: true }],
  ])("refuses a non-owner changing %s (403), even when anyone can edit", async (_label, body) => {
    const { owner, roomId } = await ownedRoom();
    await owner.put(`/rooms/update/${roomId}`, { anyoneCanEdit: true });
    const { agent: other } = await loggedInUser(ctx);
    await other.get(`/rooms/join/${roomId}`);
    const res = await other.put(`/rooms/update/${roomId}`, body);
    expect(res.status).toBe(403);
    expect(res.body).toMatchObject({ success: false, code: "room_forbidden" });
    expect(await fetchRoom(owner, roomId)).toMatchObject({ roomName: "Before", anyoneCanEdit: true });
  });

  it("answers 404 for an unknown room", async () => {
    const { agent } = await loggedInUser(ctx);
    const res = await agent.put("/rooms/update/QQQQQQ", { code: "x" });
    expect(res.status).toBe(404);
    expect(res.body.code).toBe("room_not_found");
  });

  it("rejects code over 512 KB (413 payload_too_large) and keeps the old code", async () => {
    const { owner, roomId } = await ownedRoom();
    const res = await owner.put(`/rooms/update/${roomId}`, { code: "a".repeat(600 * 1024) });
    expect(res.status).toBe(413);
    expect(res.body).toMatchObject({ success: false, code: "payload_too_large" });
    expect((await fetchRoom(owner, roomId)).code).not.toHaveLength(600 * 1024);
  });

  it("measures the code limit in UTF-8 bytes, not characters", async () => {
    const { owner, roomId } = await ownedRoom();
    const atLimit = "a".repeat(limits.codeMaxBytes);
    expect((await owner.put(`/rooms/update/${roomId}`, { code: atLimit })).status).toBe(200);
    // 180k euro signs are 540 KB in UTF-8 although only 180k characters.
    const res = await owner.put(`/rooms/update/${roomId}`, { code: "€".repeat(180_000) });
    expect(res.status).toBe(413);
  });

  it.each([
    ["a blank name", { roomName: "  " }],
    ["an over-long name", { roomName: "n".repeat(limits.roomNameMax + 1) }],
    ["an empty body", {}],
    ["a non-boolean anyoneCanEdit", { anyoneCanEdit: "yes" }],
  ])("rejects %s (400)", async (_label, body) => {
    const { owner, roomId } = await ownedRoom();
    const res = await owner.put(`/rooms/update/${roomId}`, body);
    expect(res.status).toBe(400);
    expect(res.body.code).toBe("validation_failed");
  });

  it("rejects a malformed room id (400)", async () => {
    const { agent } = await loggedInUser(ctx);
    expect((await agent.put("/rooms/update/AB$123", { code: "x" })).status).toBe(400);
  });
});
