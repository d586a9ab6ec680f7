import { eq } from "drizzle-orm";
import type { Db } from "../db/client";
import { rooms } from "../db/schema/rooms";
import { can } from "../modules/rooms/policy";

/** What the realtime layer needs to know about a room to enforce its rules. */
export interface RoomInfo {
  id: string;
  name: string;
  ownerId: string;
  anyoneCanEdit: boolean;
  languageId: number;
  languageName: string;
}

/**
 * Rooms with people inside, cached so that permission checks on every keystroke
 * are synchronous. `refresh` re-reads a room after a `room.updated` event (on every
 * process), `forget` drops a deleted one.
 */
export class RoomDirectory {
  private readonly cache = new Map<string, RoomInfo>();

  constructor(private readonly db: Db) {}

  /** The room from the database (cached), or null when it does not exist. */
  async load(roomId: string): Promise<RoomInfo | null> {
    const [row] = await this.db
      .select({
        id: rooms.id,
        name: rooms.name,
        ownerId: rooms.ownerId,
        anyoneCanEdit: rooms.anyoneCanEdit,
        languageId: rooms.languageId,
        languageName: rooms.languageName,
      })
      .from(rooms)
      .where(eq(rooms.id, roomId))
      .limit(1);
    if (!row) {
      this.cache.delete(roomId);
      return null;
    }
    this.cache.set(roomId, row);
    return row;
  }

  get(roomId: string): RoomInfo | undefined {
    return this.cache.get(roomId);
  }

  refresh(roomId: string): Promise<RoomInfo | null> {
    return this.load(roomId);
  }

  forget(roomId: string): void {
    this.cache.delete(roomId);
  }
}

/** May this user write to this room's code (owner, or anyone when anyoneCanEdit)? */
export function mayWrite(userId: string, room: RoomInfo | undefined): boolean {
  return room !== undefined && can({ id: userId }, "editCode", room);
}

/** Normalises a room id as the REST API does (IDs are stored upper case). */
export function normaliseRoomId(roomId: string): string | null {
  const id = roomId.trim().toUpperCase();
  return /^[A-Z0-9]{6}$/.test(id) ? id : null;
}
