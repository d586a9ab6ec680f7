import { IncomingMessage, MessageType, OutgoingMessage, type Connection, type Extension, type beforeHandleMessagePayload } from "@hocuspocus/server";
import type { RawData, WebSocket } from "ws";
import { limits } from "@coderoom/shared/constants/limits";
import { realtimeMessages, roomMessages } from "@coderoom/shared/messages";
import { collabTextName, type TCollabStateless } from "@coderoom/shared/schemas/realtime";
import type { Config } from "../../config";
import { MessageBudget } from "../token-bucket";
import { tell } from "./collab-access";
import { insertedText } from "./inserted-text";

/** One message may carry at most the API's code cap (plus Yjs framing): a bigger paste is refused. */
const MAX_MESSAGE_BYTES = limits.codeMaxBytes + 16 * 1024;
const SYNC_STEP2 = 1;
const SYNC_UPDATE = 2;
/** A user's budget outlives their last connection until it would have refilled. */
const FORGET_USER_MS = 5_000;

export interface CollabLimits {
  /** Hocuspocus hooks: message size, document size, and dropping what arrives after a refusal. */
  extension: Extension;
  /** Counts every frame of an accepted websocket against its own and its user's budget. */
  watch(ws: WebSocket, userId: string): void;
}

const frameBytes = (data: RawData) =>
  Array.isArray(data) ? data.reduce((n, b) => n + b.byteLength, 0) : data.byteLength;

/**
 * Limits of `/collab`. Rate: a token bucket per connection and per user (all their
 * connections in this process), in messages and in bytes; over it the client is told
 * `rate_limited` and disconnected, and what it sent after is not applied. Size: a message
 * over the code cap, or an update that would make the room's text longer than
 * COLLAB_MAX_DOC_CHARS, is refused and its connection to the document closed.
 */
export function createCollabLimits(config: Config): CollabLimits {
  const perSocket = rateOf(config, 1);
  const perUser = rateOf(config, 2);
  const users = new Map<string, { budget: MessageBudget; sockets: number; forget?: NodeJS.Timeout }>();
  /** Websockets over their rate; Hocuspocus still handles what was already read from them. */
  const limited = new WeakSet<WebSocket>();
  /** Connections refused for good (a size refusal), until they are gone. */
  const refused = new WeakSet<Connection>();
  /** Characters of updates accepted this turn but not yet applied, per document. */
  const pending = new Map<object, number>();

  const userOf = (userId: string) => {
    let user = users.get(userId);
    if (!user) users.set(userId, (user = { budget: new MessageBudget(perUser, Date.now()), sockets: 0 }));
    clearTimeout(user.forget);
    return user;
  };

  /** Refuses this message and every later one of the connection, then closes it to the document. */
  const refuse = (connection: Connection, notice: TCollabStateless) => {
    refused.add(connection);
    connection.readOnly = true;
    tell(connection, notice);
    connection.close({ code: 1009, reason: notice.type === "readOnly" ? notice.code : "refused" });
  };

  const reserve = (document: object, chars: number) => {
    if (pending.size === 0) setImmediate(() => pending.clear());
    pending.set(document, (pending.get(document) ?? 0) + chars);
  };

  return {
    watch(ws, userId) {
      const own = new MessageBudget(perSocket, Date.now());
      const user = userOf(userId);
      user.sockets += 1;
      ws.once("close", () => {
        user.sockets -= 1;
        if (user.sockets === 0) user.forget = setTimeout(() => users.delete(userId), FORGET_USER_MS).unref();
      });
      ws.on("message", (data: RawData) => {
        if (limited.has(ws)) return;
        const bytes = frameBytes(data);
        const now = Date.now();
        if (own.holds(bytes, now) && user.budget.holds(bytes, now)) {
          own.spend(bytes);
          user.budget.spend(bytes);
          return;
        }
        limited.add(ws);
        // Stop reading the flood (what was read is dropped by the hook below); close once the notice is out.
        ws.pause();
        const notice: TCollabStateless = { type: "readOnly", code: "rate_limited", message: realtimeMessages.rateLimited };
        const documentName = documentOf(data);
        if (documentName === null) return ws.terminate();
        ws.send(new OutgoingMessage(documentName).writeStateless(JSON.stringify(notice)).toUint8Array(), () => ws.terminate());
      });
    },
    extension: {
      extensionName: "coderoom-limits",
      async beforeHandleMessage({ update, connection, document }: beforeHandleMessagePayload) {
        if (limited.has(connection.webSocket) || refused.has(connection)) {
          // Hocuspocus applies no update from a read-only connection (awareness still passes).
          connection.readOnly = true;
          return;
        }
        if (update.byteLength > MAX_MESSAGE_BYTES) {
          return refuse(connection, { type: "readOnly", code: "payload_too_large", message: roomMessages.codeTooLarge });
        }
        if (connection.readOnly) return;
        const chars = textInserted(update);
        if (chars === null) {
          return refuse(connection, { type: "readOnly", code: "validation_failed", message: realtimeMessages.invalidPayload });
        }
        if (chars === 0) return;
        const max = config.COLLAB_MAX_DOC_CHARS;
        if (document.getText(collabTextName).length + (pending.get(document) ?? 0) + chars > max) {
          return refuse(connection, { type: "readOnly", code: "document_too_large", message: realtimeMessages.documentTooLarge(max) });
        }
        reserve(document, chars);
      },
    },
  };
}

function rateOf(config: Config, scale: number) {
  const messagesPerSecond = config.COLLAB_MESSAGES_PER_SECOND * scale;
  const bytesPerSecond = config.COLLAB_BYTES_PER_SECOND * scale;
  return {
    messagesPerSecond,
    messagesBurst: messagesPerSecond * 5,
    bytesPerSecond,
    bytesBurst: Math.max(bytesPerSecond * 4, MAX_MESSAGE_BYTES * scale),
  };
}

/** The document a frame is for (its first field), or null if it is not a Hocuspocus message. */
function documentOf(data: RawData): string | null {
  try {
    return new IncomingMessage(Array.isArray(data) ? Buffer.concat(data) : data).readVarString();
  } catch {
    return null;
  }
}

/**
 * Characters a message inserts into the code text: 0 for messages that carry no document
 * update, null for an update that holds anything but code text (or cannot be read).
 */
function textInserted(message: Uint8Array): number | null {
  try {
    const incoming = new IncomingMessage(message);
    incoming.readVarString();
    const type = incoming.readVarUint();
    if (type !== MessageType.Sync && type !== MessageType.SyncReply) return 0;
    const step = incoming.readVarUint();
    if (step !== SYNC_STEP2 && step !== SYNC_UPDATE) return 0;
    return insertedText(incoming.readVarUint8Array());
  } catch {
    return null;
  }
}
