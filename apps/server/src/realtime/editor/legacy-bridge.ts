import type { Hocuspocus } from "@hocuspocus/server";
import type * as Y from "yjs";
import { realtimeMessages } from "@coderoom/shared/messages";
import { collabTextName, legacyEvents } from "@coderoom/shared/schemas/realtime";
import type { EditorSocket } from "./editor-extension";
import { applyOps, changedChars, mergeFullText } from "./legacy-merge";
import { Refusal } from "../../socket/socket-handlers";

/** codeUpdate goes out at most this often per socket (the issue's ≤ 100 ms). */
const SEND_EVERY_MS = 100;
/**
 * Texts a legacy client may still be typing on: those it sent and those we sent it, newest
 * last. Deep enough for a slow client with many codeUpdates in flight: a base that fell out
 * would make text it received look like its own insertion (and duplicate it).
 */
const HISTORY = 16;

interface Bridged {
  socket: EditorSocket;
  /** Oldest first; the last is what the client shows once our messages have arrived. */
  history: string[];
}

interface LegacyRoom {
  sockets: Map<string, Bridged>;
  text: Y.Text;
  release: () => Promise<void>;
  timer?: NodeJS.Timeout;
}

export interface LegacyBridge {
  /** Starts bridging a legacy socket that shows `shown` (what GET /rooms/join gave it). */
  attach(socket: EditorSocket, roomId: string, shown: string): Promise<void>;
  detach(socket: EditorSocket): void;
  /** Merges a full-text `codeChange` into the live document; returns the text now live (refused past COLLAB_MAX_DOC_CHARS). */
  codeChange(socket: EditorSocket, code: string): Promise<string>;
  /** The client's text was refused (view-only): send it the live text again. */
  resync(socket: EditorSocket, refused: string): void;
  close(): Promise<void>;
}

/**
 * The legacy full-text bridge. Each legacy socket's `codeChange` is diffed against
 * the text that socket last saw (picked from the few texts in flight between us) and
 * merged into the Y.Text; every change of the document, from anyone, reaches legacy
 * sockets as a throttled `codeUpdate` with the whole text, the sender included when
 * the merge made its text differ from what it sent.
 */
export function createLegacyBridge(
  hocuspocus: Hocuspocus,
  log: (err: unknown, msg: string) => void,
  maxDocChars: number,
): LegacyBridge {
  const rooms = new Map<string, LegacyRoom>();
  const opening = new Map<string, Promise<LegacyRoom>>();
  const roomOf = new Map<string, string>();

  const flush = (room: LegacyRoom) => {
    room.timer = undefined;
    const text = room.text.toString();
    for (const b of room.sockets.values()) {
      if (b.history[b.history.length - 1] === text) continue;
      b.socket.emit(legacyEvents.codeUpdate, text);
      b.history.push(text);
      if (b.history.length > HISTORY) b.history.shift();
    }
  };
  const schedule = (room: LegacyRoom) => {
    room.timer ??= setTimeout(() => flush(room), SEND_EVERY_MS);
  };

  const open = async (roomId: string): Promise<LegacyRoom> => {
    const direct = await hocuspocus.openDirectConnection(roomId, { roomId });
    const doc = direct.document!;
    const text = doc.getText(collabTextName);
    const room: LegacyRoom = { sockets: new Map(), text, release: async () => undefined };
    const onUpdate = () => schedule(room);
    doc.on("update", onUpdate);
    room.release = async () => {
      doc.off("update", onUpdate);
      clearTimeout(room.timer);
      await direct.disconnect();
    };
    return room;
  };
  const getRoom = async (roomId: string): Promise<LegacyRoom> => {
    const existing = rooms.get(roomId);
    if (existing) return existing;
    let pending = opening.get(roomId);
    if (!pending) {
      pending = open(roomId).then((r) => {
        rooms.set(roomId, r);
        return r;
      });
      opening.set(roomId, pending);
      pending.finally(() => opening.delete(roomId)).catch(() => undefined);
    }
    return pending;
  };

  const bridgedOf = (socket: EditorSocket) => {
    const roomId = roomOf.get(socket.id);
    const room = roomId ? rooms.get(roomId) : undefined;
    const b = room?.sockets.get(socket.id);
    return room && b ? { room, b } : null;
  };

  return {
    async attach(socket, roomId, shown) {
      let room = await getRoom(roomId);
      // The room's last legacy socket left while we waited, and its bridge was released: open it again.
      while (rooms.get(roomId) !== room && socket.data.roomId === roomId) room = await getRoom(roomId);
      if (socket.data.roomId !== roomId) {
        // It left while the document was loading: do not keep the document open for no one.
        if (room.sockets.size === 0 && rooms.get(roomId) === room) {
          rooms.delete(roomId);
          await room.release();
        }
        return;
      }
      room.sockets.set(socket.id, { socket, history: [shown] });
      roomOf.set(socket.id, roomId);
      if (shown !== room.text.toString()) schedule(room);
    },
    detach(socket) {
      const roomId = roomOf.get(socket.id);
      roomOf.delete(socket.id);
      const room = roomId ? rooms.get(roomId) : undefined;
      if (!room || !roomId) return;
      room.sockets.delete(socket.id);
      if (room.sockets.size === 0) {
        rooms.delete(roomId);
        room.release().catch((err: unknown) => log(err, "closing a legacy bridge failed"));
      }
    },
    async codeChange(socket, code) {
      const found = bridgedOf(socket);
      if (!found) throw new Error("legacy socket not bridged");
      const { room, b } = found;
      // The client's base: the candidate closest to what it sent (a codeUpdate may have crossed it in flight).
      let base = b.history[b.history.length - 1]!;
      let best = Number.POSITIVE_INFINITY;
      // Newest first: on a tie the most recent text wins.
      for (let i = b.history.length - 1; i >= 0 && best > 0; i -= 1) {
        const d = changedChars(b.history[i]!, code);
        if (d < best) {
          best = d;
          base = b.history[i]!;
        }
      }
      const current = room.text.toString();
      const ops = mergeFullText(base, code, current);
      const merged = ops.length > 0 ? applyOps(current, ops) : current;
      if (merged.length > maxDocChars && merged.length > current.length) {
        // The same cap as live edits: the client gets the live text back.
        b.history = [code];
        schedule(room);
        throw new Refusal("document_too_large", realtimeMessages.documentTooLarge(maxDocChars));
      }
      if (ops.length > 0) {
        const doc = room.text.doc!;
        doc.transact(() => {
          for (const op of ops) {
            if (op.kind === "delete") room.text.delete(op.at, op.length);
            else room.text.insert(op.at, op.text);
          }
        }, "legacy");
      }
      // Texts we sent before this message arrived may still reach the client after it: keep them as bases.
      b.history.push(code);
      if (b.history.length > HISTORY) b.history.shift();
      if (merged !== code) schedule(room);
      return merged;
    },
    resync(socket, refused) {
      const found = bridgedOf(socket);
      if (!found) return;
      found.b.history = [refused];
      schedule(found.room);
    },
    async close() {
      for (const room of rooms.values()) await room.release();
      rooms.clear();
    },
  };
}
