import { eq } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";
import * as Y from "yjs";
import { collabTextName } from "@coderoom/shared/schemas/realtime";
import { createTestDb } from "../../../test/test-app";
import type { DbHandle } from "../../db/client";
import { roomDocUpdates } from "../../db/schema/collab";
import { rooms } from "../../db/schema/rooms";
import { users } from "../../db/schema/users";
import { appendDocUpdates, compactDoc, loadDocUpdates } from "./doc-store";

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

const merged = (updates: Uint8Array[]) => Y.mergeUpdates(updates);
const rowsOf = (roomId: string) => handle.db.select().from(roomDocUpdates).where(eq(roomDocUpdates.roomId, roomId));

it("a gap left by a writer that died is filled by another writer's duplicate, whatever the row order", async () => {
  await room("GAPGAP");
  const keys = typed("0123456789");
  // Process A stored keystrokes 0-2 and died before storing 3-5; B, which held all of them
  // (through Redis), stores its own merged copy of 0-5 after the later keystrokes 6-9.
  await appendDocUpdates(handle.db, keys.slice(0, 3).map((data) => ({ roomId: "GAPGAP", data })));
  await appendDocUpdates(handle.db, [{ roomId: "GAPGAP", data: merged(keys.slice(6)) }]);
  // Without the duplicate, everything after the gap waits on it and is left out.
  expect(replay(await loadDocUpdates(handle.db, "GAPGAP"))).toBe("012");
  await appendDocUpdates(handle.db, [{ roomId: "GAPGAP", data: merged(keys.slice(0, 6)) }]);
  expect(replay(await loadDocUpdates(handle.db, "GAPGAP"))).toBe("0123456789");
  // Every keystroke stored twice more, in reverse: still once each.
  await appendDocUpdates(handle.db, [...keys].reverse().map((data) => ({ roomId: "GAPGAP", data })));
  expect(replay(await loadDocUpdates(handle.db, "GAPGAP"))).toBe("0123456789");
});

it("compaction keeps updates that wait on a missing one, so the gap filled later completes the document", async () => {
  await room("FOLDGP");
  const keys = typed("abcdefghij");
  await appendDocUpdates(handle.db, [
    { roomId: "FOLDGP", data: merged(keys.slice(0, 3)) },
    { roomId: "FOLDGP", data: merged(keys.slice(6)) },
  ]);
  expect(await compactDoc(handle.db, "FOLDGP")).toBe(1);
  expect(await rowsOf("FOLDGP")).toHaveLength(0);
  expect(replay(await loadDocUpdates(handle.db, "FOLDGP"))).toBe("abc");
  await appendDocUpdates(handle.db, [{ roomId: "FOLDGP", data: merged(keys.slice(2, 7)) }]);
  expect(replay(await loadDocUpdates(handle.db, "FOLDGP"))).toBe("abcdefghij");
  await compactDoc(handle.db, "FOLDGP");
  expect(replay(await loadDocUpdates(handle.db, "FOLDGP"))).toBe("abcdefghij");
});

it("compactions racing with writers on several connections fold only the rows they read", async () => {
  await room("RACERS");
  const writers = ["W", "X", "Y"].map((tag) => typed(tag.repeat(40)));
  const writes = writers.map(async (keys) => {
    for (const data of keys) {
      await appendDocUpdates(handle.db, [{ roomId: "RACERS", data }]);
      await new Promise((r) => setImmediate(r));
    }
  });
  const folds = (async () => {
    for (let i = 0; i < 15; i += 1) {
      await Promise.all([compactDoc(handle.db, "RACERS"), compactDoc(handle.db, "RACERS")]);
      await new Promise((r) => setTimeout(r, 2));
    }
  })();
  await Promise.all([...writes, folds]);
  const text = replay(await loadDocUpdates(handle.db, "RACERS"));
  for (const tag of ["W", "X", "Y"]) expect(text.split("").filter((c) => c === tag)).toHaveLength(40);
  await compactDoc(handle.db, "RACERS");
  expect(replay(await loadDocUpdates(handle.db, "RACERS"))).toBe(text);
});
