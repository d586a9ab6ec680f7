import type { TRunResult } from "@coderoom/shared/schemas/run";
import type { TRoomUser } from "@coderoom/shared/schemas/realtime";
import { storageKeys } from "../../lib/storage-keys";

/** Room state of spec §3, kept field by field in sessionStorage under the `room.` prefix. */
export interface TStoredRoom {
  roomId: string;
  roomName: string;
  languageId: number;
  languageName: string;
  owner: string;
  code: string;
  terminalData: TRunResult | null;
  users: TRoomUser[];
  anyoneCanEdit: boolean;
}

const tabIdKey = "playground.tabId";

/** Writes the given room-state fields (the rest stay as they are). */
export function saveRoomState(fields: Partial<TStoredRoom>): void {
  try {
    for (const [key, value] of Object.entries(fields)) {
      sessionStorage.setItem(storageKeys.roomPrefix + key, JSON.stringify(value));
    }
  } catch {
    // Storage full or blocked: the room still works, only the copy in storage is stale.
  }
}

/** Reads one stored room-state field, or undefined. */
export function readRoomField<K extends keyof TStoredRoom>(key: K): TStoredRoom[K] | undefined {
  try {
    const raw = sessionStorage.getItem(storageKeys.roomPrefix + key);
    return raw === null ? undefined : (JSON.parse(raw) as TStoredRoom[K]);
  } catch {
    return undefined;
  }
}

/**
 * This tab's id, kept in sessionStorage (per tab, survives reloads): the server treats a
 * `join` with a tab id it already holds as a reconnect, never as a second tab.
 */
export function tabId(): string {
  let id = sessionStorage.getItem(tabIdKey);
  if (!id) {
    id = crypto.randomUUID();
    sessionStorage.setItem(tabIdKey, id);
  }
  return id;
}
