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

describe("GET /users/rooms", () => {
  it("lists owned and joined rooms with the dashboard's fields and no code", async () => {
    const { agent: alice, user: aliceUser } = await loggedInUser(ctx, { fullName: "Alice Owner" });
    const { agent: bob, user: bobUser } = await loggedInUser(ctx, { fullName: "Bob Joiner" });
    const own = await createRoomAs(bob, "Bob's room");
    const joined = await createRoomAs(alice, "Alice's room");
    await bob.get(`/rooms/join/${joined}`);
    const res = await bob.get("/users/rooms");
    expect(res.status).toBe(200);
    expect(res.body.message).toBe("Rooms fetched successfully");
    const byId = Object.fromEntries(res.body.data.rooms.map((r: { roomId: string }) => [r.roomId, r]));
    expect(Object.keys(byId).sort()).toEqual([own, joined].sort());
    expect(byId[own]).toEqual({
      roomId: own,
      roomName: "Bob's room",
      owner: bobUser.id,
      ownerName: "Bob Joiner",
      isOwner: true,
      language: { id: lang.id, name: lang.name },
      anyoneCanEdit: false,
      createdAt: ctx.clock.now.toISOString(),
      updatedAt: ctx.clock.now.toISOString(),
    });
    expect(byId[joined]).toMatchObject({ owner: aliceUser.id, ownerName: "Alice Owner", isOwner: false });
  });

  it("puts the most recently worked-on room first", async () => {
    const { agent } = await loggedInUser(ctx);
    const first = await createRoomAs(agent, "First");
    ctx.clock.advance(1000);
    const second = await createRoomAs(agent, "Second");
    expect(await listedRoomIds(agent)).toEqual([second, first]);
    ctx.clock.advance(1000);
    await agent.put(`/rooms/update/${first}`, { code: "changed" });
    expect(await listedRoomIds(agent)).toEqual([first, second]);
  });

  it("does not show other people's rooms the user never joined", async () => {
    const { agent: other } = await loggedInUser(ctx);
    await createRoomAs(other);
    const { agent } = await loggedInUser(ctx);
    expect(await listedRoomIds(agent)).toEqual([]);
  });

  it("requires a session (455)", async () => {
    expect((await new Agent(ctx.app).get("/users/rooms")).status).toBe(455);
  });
});
