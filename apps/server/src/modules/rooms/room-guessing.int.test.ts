import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loggedInUser } from "../../../test/factories";
import { createTestApp, type TestContext } from "../../../test/test-app";
import { createRoomAs } from "../../../test/room-test-helpers";

// Finding 5 of issue 11: one account made 2,000 random room-ID guesses in 5 s with no 429.
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

let serial = 0;
/** A valid room ID that no room has (rooms use the same alphabet, so a 'Q' prefix and a counter keep it unique). */
const unknownId = () => `Q${String(++serial).padStart(5, "0")}`;

describe("room ID guessing", () => {
  it("after 20 unknown IDs in 10 minutes: 429 with Retry-After, even for an existing room not yet joined", async () => {
    const owner = await loggedInUser(ctx);
    const existing = await createRoomAs(owner.agent);
    const alreadyJoined = await createRoomAs(owner.agent);
    const { agent } = await loggedInUser(ctx);
    const ip = { remoteAddress: "192.0.2.10" };
    expect((await agent.get(`/rooms/join/${alreadyJoined}`, ip)).status).toBe(200);
    for (let i = 0; i < 20; i += 1) expect((await agent.get(`/rooms/join/${unknownId()}`, ip)).status).toBe(404);
    const blocked = await agent.get(`/rooms/join/${unknownId()}`, ip);
    expect(blocked.status).toBe(429);
    expect(blocked.body.code).toBe("rate_limited");
    expect(Number(blocked.headers["retry-after"])).toBeGreaterThan(0);
    // Otherwise 429-or-200 would still tell which IDs exist.
    expect((await agent.get(`/rooms/join/${existing}`, ip)).status).toBe(429);
    // Rooms already in the user's list stay open.
    expect((await agent.get(`/rooms/join/${alreadyJoined}`, ip)).status).toBe(200);
    ctx.clock.advance(10 * 60_000 + 1000);
    expect((await agent.get(`/rooms/join/${existing}`, ip)).status).toBe(200);
  });

  it("3 accounts guessing behind one address leave a 4th able to join; the address's own bound is 300", async () => {
    const owner = await loggedInUser(ctx);
    const real = await createRoomAs(owner.agent);
    const ip = { remoteAddress: "192.0.2.20" };
    for (let u = 0; u < 3; u += 1) {
      const { agent } = await loggedInUser(ctx);
      for (let i = 0; i < 20; i += 1) expect((await agent.get(`/rooms/join/${unknownId()}`, ip)).status).toBe(404);
      expect((await agent.get(`/rooms/join/${unknownId()}`, ip)).status).toBe(429);
    }
    const colleague = await loggedInUser(ctx);
    expect((await colleague.agent.get(`/rooms/join/${real}`, ip)).status).toBe(200);
    for (let u = 3; u < 15; u += 1) {
      const { agent } = await loggedInUser(ctx);
      for (let i = 0; i < 20; i += 1) expect((await agent.get(`/rooms/join/${unknownId()}`, ip)).status).toBe(404);
    }
    const { agent } = await loggedInUser(ctx);
    expect((await agent.get(`/rooms/join/${real}`, ip)).status).toBe(429);
    expect((await agent.get(`/rooms/join/${unknownId()}`, { remoteAddress: "192.0.2.21" })).status).toBe(404);
  });

  it("never throttles opening known rooms", async () => {
    const owner = await loggedInUser(ctx);
    const ids = await Promise.all(Array.from({ length: 3 }, () => createRoomAs(owner.agent)));
    const { agent } = await loggedInUser(ctx);
    for (let i = 0; i < 60; i += 1) expect((await agent.get(`/rooms/join/${ids[i % 3]}`)).status).toBe(200);
  });
});
