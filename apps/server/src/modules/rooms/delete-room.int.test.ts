import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestContext } from "../../../test/test-app";
import { loggedInUser } from "../../../test/factories";
import type { DomainEvents } from "../../events";
import { createRoomAs, listedRoomIds } from "../../../test/room-test-helpers";

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

describe("DELETE /rooms/delete/{id}", () => {
  it("lets the owner delete the room for everyone and emits room.deleted", async () => {
    const { agent: owner, user } = await loggedInUser(ctx);
    const roomId = await createRoomAs(owner);
    const { agent: member } = await loggedInUser(ctx);
    await member.get(`/rooms/join/${roomId}`);
    const seen: DomainEvents["room.deleted"][] = [];
    const off = ctx.deps.events.on("room.deleted", (e) => seen.push(e));
    const res = await owner.delete(`/rooms/delete/${roomId.toLowerCase()}`);
    off();
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ success: true, message: "Room deleted successfully", data: { roomId, outcome: "deleted" } });
    expect(seen).toEqual([{ roomId, byUserId: user.id }]);
    expect(await listedRoomIds(owner)).toEqual([]);
    expect(await listedRoomIds(member)).toEqual([]);
    expect((await member.get(`/rooms/join/${roomId}`)).status).toBe(404);
  });

  it("lets a member who is not the owner only remove the room from their own list", async () => {
    const { agent: owner } = await loggedInUser(ctx);
    const roomId = await createRoomAs(owner);
    const { agent: member } = await loggedInUser(ctx);
    await member.get(`/rooms/join/${roomId}`);
    const seen: unknown[] = [];
    const off = ctx.deps.events.on("room.deleted", (e) => seen.push(e));
    const res = await member.delete(`/rooms/delete/${roomId}`);
    off();
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ message: "Room removed from your list", data: { outcome: "removed" } });
    expect(seen).toEqual([]);
    expect(await listedRoomIds(member)).toEqual([]);
    expect(await listedRoomIds(owner)).toEqual([roomId]);
  });

  it("refuses a non-owner who does not have the room in their list (403)", async () => {
    const { agent: owner } = await loggedInUser(ctx);
    const roomId = await createRoomAs(owner);
    const { agent: stranger } = await loggedInUser(ctx);
    const res = await stranger.delete(`/rooms/delete/${roomId}`);
    expect(res.status).toBe(403);
    expect(res.body.code).toBe("room_forbidden");
    expect(await listedRoomIds(owner)).toEqual([roomId]);
  });

  it("answers 404 for an unknown room and 400 for a malformed id", async () => {
    const { agent } = await loggedInUser(ctx);
    expect((await agent.delete("/rooms/delete/NOROOM")).status).toBe(404);
    expect((await agent.delete("/rooms/delete/NOROO")).status).toBe(400);
    expect((await agent.delete("/rooms/delete/NO_ROO")).status).toBe(400);
  });
});
