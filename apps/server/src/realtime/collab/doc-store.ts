import { and, eq, inArray, sql } from "drizzle-orm";
import * as Y from "yjs";
import { collabTextName } from "@coderoom/shared/schemas/realtime";
import type { Db } from "../../db/client";
import { roomDocSnapshots, roomDocUpdates } from "../../db/schema/collab";
import { rooms } from "../../db/schema/rooms";
import { storableText } from "../../db/storable-text";

/** The stored state of a room document: snapshot + log, or null when it was never stored. */
export async function loadDocUpdates(db: Db, roomId: string): Promise<Uint8Array[] | null> {
  // The log before the snapshot: compaction only moves rows from the log into the snapshot,
  // so a compaction committing between the two reads is seen twice (harmless: Yjs applies an
  // update once), never missed. The other order could read "no snapshot, empty log" and reseed.
  const log = await db
    .select({ data: roomDocUpdates.data })
    .from(roomDocUpdates)
    .where(eq(roomDocUpdates.roomId, roomId))
    .orderBy(roomDocUpdates.id);
  const [snapshot] = await db.select({ data: roomDocSnapshots.data }).from(roomDocSnapshots).where(eq(roomDocSnapshots.roomId, roomId));
  if (!snapshot && log.length === 0) return null;
  return [...(snapshot ? [snapshot.data] : []), ...log.map((r) => r.data)];
}

/**
 * The first state of a document that was never stored: the room's saved code, written
 * by a fixed Yjs client id so that two processes seeding the same room at once produce
 * the same update (Yjs applies it once) instead of doubling the text.
 */
export function seedUpdate(code: string): Uint8Array {
  const doc = new Y.Doc();
  doc.clientID = 1;
  doc.getText(collabTextName).insert(0, code);
  const update = Y.encodeStateAsUpdate(doc);
  doc.destroy();
  return update;
}

/**
 * Appends a batch of updates to the rooms' logs in one statement, one row per room (its
 * updates merged: Yjs merges losslessly, and fewer rows make less to write and to fold).
 * Rows of rooms deleted meanwhile are dropped by the join instead
 * of failing the whole insert on the foreign key.
 */
export async function appendDocUpdates(db: Db, batch: { roomId: string; data: Uint8Array }[]): Promise<void> {
  if (batch.length === 0) return;
  const byRoom = new Map<string, Uint8Array[]>();
  for (const { roomId, data } of batch) {
    const list = byRoom.get(roomId);
    if (list) list.push(data);
    else byRoom.set(roomId, [data]);
  }
  const rows = [...byRoom].map(([roomId, updates]) => {
    const merged = updates.length === 1 ? updates[0]! : Y.mergeUpdates(updates);
    return sql`(${roomId}::text, ${Buffer.from(merged.buffer, merged.byteOffset, merged.byteLength)}::bytea)`;
  });
  await db.execute(sql`
    INSERT INTO ${roomDocUpdates} (room_id, data)
    SELECT v.room_id, v.data FROM (VALUES ${sql.join(rows, sql`, `)}) AS v(room_id, data)
    JOIN ${rooms} r ON r.id = v.room_id`);
}

/** Keeps `rooms.code` equal to the live text, so `GET /rooms/join` answers it. */
export async function writeRoomCode(db: Db, roomId: string, rawCode: string, now: Date): Promise<void> {
  const code = storableText(rawCode);
  await db
    .update(rooms)
    .set({ code, updatedAt: now })
    .where(and(eq(rooms.id, roomId), sql`${rooms.code} IS DISTINCT FROM ${code}`));
}

/**
 * Folds the room's log into its snapshot: under a lock on the snapshot row, reads the
 * snapshot and the log rows, merges them through a Y.Doc (much faster than
 * Y.mergeUpdates on a long log) and deletes exactly the rows it folded, so rows
 * committed meanwhile stay in the log. Returns how many rows were folded.
 */
export async function compactDoc(db: Db, roomId: string): Promise<number> {
  return db.transaction(async (tx) => {
    await tx.insert(roomDocSnapshots).values({ roomId, data: new Uint8Array([0, 0]) }).onConflictDoNothing();
    const [snapshot] = await tx.select().from(roomDocSnapshots).where(eq(roomDocSnapshots.roomId, roomId)).for("update");
    if (!snapshot) return 0;
    const log = await tx.select().from(roomDocUpdates).where(eq(roomDocUpdates.roomId, roomId)).orderBy(roomDocUpdates.id);
    if (log.length === 0) return 0;
    const doc = new Y.Doc();
    Y.applyUpdate(doc, snapshot.data);
    for (const row of log) Y.applyUpdate(doc, row.data);
    const data = Y.encodeStateAsUpdate(doc);
    doc.destroy();
    await tx.update(roomDocSnapshots).set({ data, updatedAt: new Date() }).where(eq(roomDocSnapshots.roomId, roomId));
    await tx.delete(roomDocUpdates).where(inArray(roomDocUpdates.id, log.map((r) => r.id)));
    return log.length;
  });
}
