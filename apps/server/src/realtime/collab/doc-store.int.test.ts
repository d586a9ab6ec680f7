import { eq } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";
import * as Y from "yjs";
import { collabTextName } from "@coderoom/shared/schemas/realtime";
import { createTestDb } from "../../../test/test-app";
import type { DbHandle } from "../../db/client";
import { roomDocUpdates } from "../../db/schema/collab";
import { rooms } from "../../db/schema/rooms";
import { users } from "../../db/schema/users";
import { appendDocUpdates, loadDocUpdates, sliceByRoom } from "./doc-store";

let handle: DbHandle;
beforeAll(async () => {
  handle = await createTestDb();
});
afterAll(() => handle.close());

async function room(id: string) {
  const [owner] = await handle.db.insert(users).values({ fullName: "Owner", email: `${id.toLowerCase()}@test.local` }).returning();
  await handle.db.insert(rooms).values({ id, name: id, languageId: 71, languageName: "Python", ownerId: owner!.id, code: "" });
}

/** Types `text` one character per update, as a typist does, and returns the updates. */
function typed(text: string): Uint8Array[] {
  const doc = new Y.Doc();
  const updates: Uint8Array[] = [];
  doc.on("update", (u: Uint8Array) => updates.push(u));
  for (const ch of text) doc.getText(collabTextName).insert(doc.getText(collabTextName).length, ch);
  return updates;
}

function replay(updates: Uint8Array[] | null): string {
  const doc = new Y.Doc();
  for (const u of updates ?? []) Y.applyUpdate(doc, u);
  return doc.getText(collabTextName).toString();
}

it("stores a batch as one row per room that replays to every keystroke, and drops a deleted room's rows", async () => {
  await room("AAAAAA");
  await room("BBBBBB");
  await room("CCCCCC");
  await handle.db.delete(rooms).where(eq(rooms.id, "CCCCCC"));
  const a = typed("print('a')");
  const b = typed("x = 1");
  // Interleaved, as keystrokes of several rooms arrive; the deleted room's must not fail the rest.
  const batch = [...a.map((data) => ({ roomId: "AAAAAA", data })), ...typed("gone").map((data) => ({ roomId: "CCCCCC", data })), ...b.map((data) => ({ roomId: "BBBBBB", data }))];
  await appendDocUpdates(handle.db, batch);
  // A second batch appends after the first, in order.
  await appendDocUpdates(handle.db, [{ roomId: "AAAAAA", data: typed("!")[0]! }]);

  const rowsA = await handle.db.select().from(roomDocUpdates).where(eq(roomDocUpdates.roomId, "AAAAAA"));
  expect(rowsA).toHaveLength(2);
  expect(await handle.db.select().from(roomDocUpdates).where(eq(roomDocUpdates.roomId, "CCCCCC"))).toHaveLength(0);
  expect(replay(await loadDocUpdates(handle.db, "BBBBBB"))).toBe("x = 1");
  const textA = replay(await loadDocUpdates(handle.db, "AAAAAA"));
  // The "!" came from another client: it lands at one end, and every keystroke of the first batch is there in order.
  expect(textA.replace("!", "")).toBe("print('a')");
  expect(textA).toHaveLength("print('a')!".length);
});

it("slices a flush by room: at most n rooms a slice, each room's updates in one slice and in order", () => {
  const batch = ["A1", "B1", "A2", "C1", "D1", "B2", "E1", "C2"].map((tag) => ({ roomId: tag[0]!, tag }));
  const slices = sliceByRoom(batch, 2);
  expect(slices.map((s) => s.map((u) => u.tag))).toEqual([
    ["A1", "B1", "A2", "B2"],
    ["C1", "D1", "C2"],
    ["E1"],
  ]);
  expect(sliceByRoom([], 2)).toEqual([]);
});
