import { afterAll, beforeAll, expect, it } from "vitest";
import type { HocuspocusProvider } from "@hocuspocus/provider";
import type { Socket } from "socket.io-client";
import { collabTextName } from "@coderoom/shared/schemas/realtime";
import { closeCollab, collabClient, createRealtimeTestApp, until, type RealtimeTestContext } from "../../test/realtime-harness";
import { legacyJoined, member, roomWithOwner } from "../../test/room-fixture";

let ctx: RealtimeTestContext;
beforeAll(async () => {
  ctx = await createRealtimeTestApp();
});
afterAll(() => ctx?.close());

const FILLER = "xyz";
const EDIT_FOR_MS = 4000;

/** Positions outside every marker `[A12]`: where an insert cannot split one. */
function safePositions(text: string): number[] {
  const out: number[] = [];
  let inside = false;
  for (let i = 0; i <= text.length; i += 1) {
    if (!inside) out.push(i);
    const ch = text[i];
    if (ch === "[") inside = true;
    if (ch === "]") inside = false;
  }
  return out;
}
const pick = <T>(xs: T[]): T => xs[Math.floor(Math.random() * xs.length)]!;

/** One random edit of a text: a marker, a filler character, or the deletion of a filler character. */
function randomEdit(text: string, nextMarker: () => string): { at: number; del: number; ins: string } {
  const r = Math.random();
  const fillers = [...text].flatMap((ch, i) => (FILLER.includes(ch) ? [i] : []));
  if (r < 0.2 && fillers.length > 0) return { at: pick(fillers), del: 1, ins: "" };
  return { at: pick(safePositions(text)), del: 0, ins: r < 0.6 ? nextMarker() : pick([...FILLER]) };
}

/** The original client: keeps a full text, replaces it on codeUpdate, sends it whole after each edit. */
function legacyEditor(socket: Socket, initial: string) {
  const state = { text: initial };
  socket.on("codeUpdate", (t: string) => (state.text = t));
  return {
    state,
    edit(nextMarker: () => string) {
      const e = randomEdit(state.text, nextMarker);
      state.text = state.text.slice(0, e.at) + e.ins + state.text.slice(e.at + e.del);
      socket.emit("codeChange", { code: state.text });
    },
  };
}

it("5 clients, CRDT and legacy mixed, editing concurrently end with one text holding every marker", async () => {
  const { roomId, owner } = await roomWithOwner(ctx);
  expect((await owner.agent.put(`/rooms/update/${roomId}`, { code: "start\n", anyoneCanEdit: true })).status).toBe(200);
  const people = [owner, ...(await Promise.all([1, 2, 3, 4].map((i) => member(ctx, roomId, `Person ${i}`))))];
  const providers: HocuspocusProvider[] = people.slice(0, 3).map((p) => collabClient(ctx.url, roomId, p.token));
  await until(() => providers.every((p) => p.isSynced), 5000, "providers synced");
  const sockets = await Promise.all(people.slice(3).map((p) => legacyJoined(ctx, p, roomId)));
  const legacy = sockets.map((s) => legacyEditor(s, "start\n"));

  const markers: string[][] = people.map(() => []);
  const markerOf = (client: number) => () => {
    const m = `[${"ABCDE"[client]}${markers[client]!.length}]`;
    markers[client]!.push(m);
    return m;
  };
  const stop = Date.now() + EDIT_FOR_MS;
  const loops = people.map(async (_p, client) => {
    while (Date.now() < stop) {
      if (client < 3) {
        const text = providers[client]!.document.getText(collabTextName);
        const e = randomEdit(text.toString(), markerOf(client));
        text.doc!.transact(() => {
          if (e.del) text.delete(e.at, e.del);
          if (e.ins) text.insert(e.at, e.ins);
        });
      } else {
        legacy[client - 3]!.edit(markerOf(client));
      }
      await new Promise((r) => setTimeout(r, 30 + Math.random() * 60));
    }
  });
  await Promise.all(loops);

  const server = () => ctx.realtime.collab.text(roomId);
  const texts = () => [...providers.map((p) => p.document.getText(collabTextName).toString()), ...legacy.map((l) => l.state.text)];
  await until(async () => {
    const s = await server();
    return texts().every((t) => t === s);
  }, 8000, "all five clients to converge");
  const final = await server();
  const all = markers.flat();
  expect(all.length).toBeGreaterThan(50);
  for (const m of all) expect(final.split(m).length - 1, `marker ${m} exactly once`).toBe(1);
  for (const [i, list] of markers.entries()) expect(list.length, `client ${i} made edits`).toBeGreaterThan(10);
  providers.forEach(closeCollab);
  sockets.forEach((s) => s.close());
});
