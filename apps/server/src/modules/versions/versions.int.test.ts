import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { HocuspocusProvider } from "@hocuspocus/provider";
import type { Socket } from "socket.io-client";
import { collabTextName } from "@coderoom/shared/schemas/realtime";
import { closeCollab, collabClient, createRealtimeTestApp, nextEvent, until, type RealtimeTestContext } from "../../../test/realtime-harness";
import { joined, person, roomWithOwner } from "../../../test/room-fixture";

let ctx: RealtimeTestContext;
const providers: HocuspocusProvider[] = [];
const sockets: Socket[] = [];
beforeAll(async () => {
  ctx = await createRealtimeTestApp();
});
afterEach(() => {
  while (providers.length) closeCollab(providers.pop()!);
  while (sockets.length) sockets.pop()!.close();
});
afterAll(() => ctx?.close());

async function liveRoom() {
  const { roomId, owner } = await roomWithOwner(ctx);
  const p = collabClient(ctx.url, roomId, owner.token);
  providers.push(p);
  await until(() => p.isSynced);
  const text = p.document.getText(collabTextName);
  return { roomId, owner, text };
}

describe("Save Code (PUT /rooms/update {code})", () => {
  it("becomes the live text everyone sees and stores a named version", async () => {
    const { roomId, owner, text } = await liveRoom();
    const s = await joined(ctx, owner, roomId);
    sockets.push(s);
    const saved = nextEvent<{ name: string; author: { id: string } }>(s, "version:saved");
    const res = await owner.agent.put(`/rooms/update/${roomId}`, { code: "print('saved')\n" });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe("Code saved successfully!");
    await until(() => text.toString() === "print('saved')\n", 3000, "the saved code in the live document");
    expect(await saved).toMatchObject({ name: "Saved code", author: { id: owner.user.id } });
    const list = await owner.agent.get(`/rooms/${roomId}/versions`);
    expect(list.body.data).toHaveLength(1);
    expect(list.body.data[0]).toMatchObject({ name: "Saved code", bytes: 15 });
  });

  it("stays owner-only (403 for a member)", async () => {
    const { roomId } = await liveRoom();
    const bob = await person(ctx);
    expect((await bob.agent.put(`/rooms/update/${roomId}`, { code: "x" })).status).toBe(403);
  });
});

describe("versions API", () => {
  it("saves the live code under a name, reads it back with its code, and restores it as an edit", async () => {
    const { roomId, owner, text } = await liveRoom();
    text.insert(0, "// v1\n");
    const v1Code = text.toString();
    await until(async () => (await ctx.realtime.collab.text(roomId)) === v1Code);
    const save = await owner.agent.post(`/rooms/${roomId}/versions`, { name: "First draft" });
    expect(save.status).toBe(201);
    expect(save.body.data).toMatchObject({ name: "First draft", author: { id: owner.user.id } });
    const id = save.body.data.id as string;
    const one = await owner.agent.get(`/rooms/${roomId}/versions/${id}`);
    expect(one.body.data).toMatchObject({ id, code: v1Code });

    text.delete(0, text.length);
    text.insert(0, "rewritten\n");
    await until(async () => (await ctx.realtime.collab.text(roomId)) === "rewritten\n");
    const s = await joined(ctx, owner, roomId);
    sockets.push(s);
    const restoredEvent = nextEvent(s, "version:restored");
    const restored = await owner.agent.post(`/rooms/${roomId}/versions/${id}/restore`);
    expect(restored.status).toBe(200);
    await until(() => text.toString() === v1Code, 3000, "the restored text in the live document");
    expect(await restoredEvent).toMatchObject({ version: { id } });
    const names = (await owner.agent.get(`/rooms/${roomId}/versions`)).body.data.map((v: { name: string }) => v.name);
    expect(names).toEqual(["First draft"]);
  });

  it("names an unnamed version in the app's one time zone and format (IST), like every date the web shows", async () => {
    const { roomId, owner } = await liveRoom();
    ctx.clock.set("2026-12-06T03:38:00Z");
    try {
      const save = await owner.agent.post(`/rooms/${roomId}/versions`, {});
      expect(save.body.data.name).toBe("Version of 06 Dec 2026, 09:08 IST");
    } finally {
      ctx.clock.set(new Date());
    }
  });

  it("is owner-only and answers 404 for an unknown version", async () => {
    const { roomId, owner } = await liveRoom();
    const id = (await owner.agent.post(`/rooms/${roomId}/versions`, {})).body.data.id as string;
    const bob = await person(ctx);
    expect((await bob.agent.get(`/rooms/${roomId}/versions`)).status).toBe(403);
    expect((await bob.agent.get(`/rooms/${roomId}/versions/${id}`)).status).toBe(403);
    expect((await bob.agent.post(`/rooms/${roomId}/versions`, {})).status).toBe(403);
    expect((await bob.agent.post(`/rooms/${roomId}/versions/${id}/restore`)).status).toBe(403);
    const missing = await owner.agent.get(`/rooms/${roomId}/versions/00000000-0000-4000-8000-000000000000`);
    expect(missing.status).toBe(404);
    expect(missing.body.code).toBe("version_not_found");
  });
});
