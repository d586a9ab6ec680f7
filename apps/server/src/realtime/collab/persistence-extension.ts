import { eq } from "drizzle-orm";
import type { Extension, onChangePayload, onLoadDocumentPayload } from "@hocuspocus/server";
import * as Y from "yjs";
import { collabTextName } from "@coderoom/shared/schemas/realtime";
import type { AppDeps } from "../../deps";
import { rooms } from "../../db/schema/rooms";
import { appendDocUpdates, compactDoc, loadDocUpdates, seedUpdate, writeRoomCode } from "./doc-store";

/** Log flush period: a kill -9 loses at most about this much of acknowledged edits (target ≤ 500 ms). */
export const FLUSH_MS = 200;
/**
 * `rooms.code` is a mirror for readers without the live document (room lists, other
 * processes; GET /rooms/join reads the live text): each room is rewritten at most every
 * CODE_EVERY_MS and at most CODES_PER_TICK rooms per tick (≤ 10 rewrites a second in all):
 * the embedded database runs one statement at a time, and a burst of large rewrites would
 * hold up the log's flushes behind it (and with them the durability of the latest edits).
 * Unload and shutdown still write every dirty room at once.
 */
const CODE_EVERY_MS = 60_000;
const CODE_TICK_MS = 100;
const CODES_PER_TICK = 1;
/** Fold the log into the snapshot once this many updates were appended since the last fold. */
const COMPACT_AFTER = 2000;

export interface Persistence {
  extension: Extension;
  /** Writes everything buffered now (log, then live code). */
  flush(): Promise<void>;
  /** Forgets a deleted room's buffers. */
  forget(roomId: string): void;
  close(): Promise<void>;
}

/**
 * Stores each room document as an append-only log of Yjs updates (batched every
 * FLUSH_MS across all rooms into INSERTs of one merged row per room), folds the log into a snapshot in the
 * background, and mirrors the live text into `rooms.code` (for readers without the document).
 *
 * Every process stores every update it holds, those that Redis brought from another process
 * included: the process that received an update may die before its flush, and then only the
 * others still have it. Storing an update twice is harmless (Yjs applies it once), so with
 * N processes on a room each flush writes up to N merged rows for it, folded by compaction.
 */
export function createPersistence(deps: AppDeps, log: (err: unknown, msg: string) => void): Persistence {
  const { db } = deps.db;
  let pending: { roomId: string; data: Uint8Array }[] = [];
  const codeDirty = new Map<string, Y.Doc>();
  const codeWrittenAt = new Map<string, number>();
  let writingCodes = false;
  const sinceCompact = new Map<string, number>();
  const compactQueue = new Set<string>();
  let compacting: Promise<void> = Promise.resolve();
  let flushing: Promise<void> = Promise.resolve();
  let closed = false;

  const writeLog = (batch: { roomId: string; data: Uint8Array }[]) =>
    appendDocUpdates(db, batch).catch((err: unknown) => log(err, "could not store document updates"));
  const flushLog = () => {
    if (pending.length === 0) return flushing;
    const batch = pending;
    pending = [];
    flushing = flushing.then(() => writeLog(batch));
    return flushing;
  };
  const writeCode = async (roomId: string, doc: Y.Doc) => {
    codeDirty.delete(roomId);
    codeWrittenAt.set(roomId, Date.now());
    await writeRoomCode(db, roomId, doc.getText(collabTextName).toString(), deps.now()).catch((err: unknown) =>
      log(err, "could not store the room code"),
    );
  };
  /** All dirty rooms now (unload, shutdown), or the few that are due (timer). */
  const writeCodes = async (onlyDue = false) => {
    await flushing;
    const due = Date.now() - CODE_EVERY_MS;
    let budget = onlyDue ? CODES_PER_TICK : Number.POSITIVE_INFINITY;
    for (const [roomId, doc] of [...codeDirty]) {
      if (budget <= 0) break;
      if (onlyDue && (codeWrittenAt.get(roomId) ?? 0) > due) continue;
      budget -= 1;
      await writeCode(roomId, doc);
    }
  };
  const compactSoon = (roomId: string) => {
    // Documents unload as their connections close, during and after close(): their logs are
    // folded by a later run, the database is closing.
    if (closed) return;
    compactQueue.add(roomId);
    compacting = compacting.then(async () => {
      if (!compactQueue.delete(roomId)) return;
      await flushing;
      await compactDoc(db, roomId).catch((err: unknown) => log(err, "could not compact a document"));
    });
  };

  const flushTimer = setInterval(() => void flushLog(), FLUSH_MS);
  const codeTimer = setInterval(() => {
    if (writingCodes) return;
    writingCodes = true;
    void writeCodes(true).finally(() => (writingCodes = false));
  }, CODE_TICK_MS);

  const extension: Extension = {
    extensionName: "coderoom-persistence",
    async onLoadDocument({ document, documentName }: onLoadDocumentPayload) {
      // A document unloaded a moment ago may still have updates on their way to the log.
      await flushLog();
      // The mirror was written when the document was last unloaded (or seeded it): not due yet.
      codeWrittenAt.set(documentName, Date.now());
      const stored = await loadDocUpdates(db, documentName);
      if (stored) {
        // One transaction: observers see the loaded text once.
        document.transact(() => stored.forEach((u) => Y.applyUpdate(document, u)), "load");
        return;
      }
      const [room] = await db.select({ code: rooms.code }).from(rooms).where(eq(rooms.id, documentName));
      const seed = seedUpdate(room?.code ?? "");
      Y.applyUpdate(document, seed, "load");
      await appendDocUpdates(db, [{ roomId: documentName, data: seed }]);
    },
    async onChange({ documentName, document, update }: onChangePayload) {
      pending.push({ roomId: documentName, data: update });
      codeDirty.set(documentName, document);
      const n = (sinceCompact.get(documentName) ?? 0) + 1;
      sinceCompact.set(documentName, n);
      if (n >= COMPACT_AFTER) {
        sinceCompact.set(documentName, 0);
        compactSoon(documentName);
      }
    },
    async afterUnloadDocument({ documentName }) {
      await flushLog();
      const doc = codeDirty.get(documentName);
      if (doc) await writeCode(documentName, doc);
      codeWrittenAt.delete(documentName);
      if (sinceCompact.delete(documentName)) compactSoon(documentName);
    },
  };

  return {
    extension,
    flush: async () => {
      await flushLog();
      await writeCodes();
    },
    forget: (roomId) => {
      pending = pending.filter((p) => p.roomId !== roomId);
      codeDirty.delete(roomId);
      codeWrittenAt.delete(roomId);
      sinceCompact.delete(roomId);
      compactQueue.delete(roomId);
    },
    close: async () => {
      closed = true;
      clearInterval(flushTimer);
      clearInterval(codeTimer);
      await flushLog();
      await writeCodes();
      await compacting;
    },
  };
}
