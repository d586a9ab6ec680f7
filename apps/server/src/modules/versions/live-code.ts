import { and, eq, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { rooms } from "../../db/schema/rooms";

/** The realtime layer's view of a room's live document. */
export interface LiveCode {
  /** The live text; with `load: false`, null unless this process has the document open. */
  read(roomId: string, opts: { load: boolean }): Promise<string | null>;
  /** Makes the live text equal `code` as one edit everyone sees (and that is persisted). */
  replace(roomId: string, code: string): Promise<void>;
}

/** Where the realtime layer plugs in the live documents when it attaches: one per app (AppDeps). */
export class LiveCodeSlot {
  private live: LiveCode | null = null;

  /** Called by the realtime layer when it attaches; returns the undo for when it closes. */
  provide(live: LiveCode): () => void {
    this.live = live;
    return () => {
      if (this.live === live) this.live = null;
    };
  }

  get current(): LiveCode | null {
    return this.live;
  }
}

interface Where {
  db: Db;
  liveCode: LiveCodeSlot;
}

/**
 * The room's current code: the live document when realtime is attached (loading it
 * when `load`), else the stored `rooms.code`.
 */
export async function readRoomCode(where: Where, roomId: string, opts: { load: boolean }): Promise<string | null> {
  const live = await where.liveCode.current?.read(roomId, opts);
  if (live !== null && live !== undefined) return live;
  const [row] = await where.db.select({ code: rooms.code }).from(rooms).where(eq(rooms.id, roomId));
  return row?.code ?? null;
}

/** Replaces the room's code: an edit of the live document when realtime is attached; `rooms.code` follows. */
export async function replaceRoomCode(where: Where, roomId: string, code: string, now: Date): Promise<void> {
  await where.liveCode.current?.replace(roomId, code);
  await where.db
    .update(rooms)
    .set({ code, updatedAt: now })
    .where(and(eq(rooms.id, roomId), sql`${rooms.code} IS DISTINCT FROM ${code}`));
}
