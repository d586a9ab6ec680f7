import { z } from "zod";
import { limits } from "../constants/limits";
import { zCode } from "../validation";
import { zRunResult } from "./run";

/**
 * The room channel: Socket.IO namespace `/editor`.
 *
 * Legacy events (spec §7, shared/reference/LEGACY-PROTOCOL.md) keep their names and
 * payload shapes exactly, for the original client. Our own client uses the same
 * namespace plus the `room:*`, `run:*` and `version:*` events below; its document text
 * travels as Yjs updates over Hocuspocus at `/collab` (document name = room id).
 * Identity always comes from the session cookie: `userId`, `userName`, `avatar`
 * in payloads are accepted for shape and ignored.
 */
export const editorNamespace = "/editor";
export const collabPath = "/collab";
/** The Y.Text of each room's Y.Doc that holds the code (Hocuspocus document name = room id). */
export const collabTextName = "code";

/**
 * Stateless messages the server sends on a `/collab` connection (JSON strings):
 * `permissions` when this connection's write access changes (also sent after auth),
 * `readOnly` when a write was refused: `room_read_only` (the connection may not write),
 * `payload_too_large` (one message over the 512 KB cap), `document_too_large` (the change
 * would make the code longer than the server's cap) or `rate_limited` (too many messages or
 * bytes a second); after the last three the server closes the connection. The
 * refused edit stays in the client's own Y.Doc and would be re-sent on the next sync:
 * a client told `readOnly` should start over with a fresh Y.Doc and provider.
 */
export const zCollabStateless = z.discriminatedUnion("type", [
  z.object({ type: z.literal("permissions"), canWrite: z.boolean() }),
  z.object({ type: z.literal("readOnly"), code: z.string(), message: z.string() }),
]);
export type TCollabStateless = z.infer<typeof zCollabStateless>;

/**
 * Why `/collab` refused to open a document: the provider's `onAuthenticationFailed`
 * reason, a JSON string. `room_not_found` (an unknown ID, or a room the user has not
 * joined: only members may open its document), `rate_limited` (too many unknown room
 * IDs), `session_required`.
 */
export const zCollabRefusal = z.object({ code: z.string(), message: z.string() });
export type TCollabRefusal = z.infer<typeof zCollabRefusal>;

/**
 * The `user` field of a `/collab` client's awareness state (cursor labels). The server
 * sets it from the session on every state it relays, whatever the client sent; clients
 * send no stateless messages (the server closes a connection that does).
 */
export const zAwarenessUser = z.object({ id: z.string(), name: z.string(), color: z.string() });
export type TAwarenessUser = z.infer<typeof zAwarenessUser>;

const zRoomIdLoose = z.string().trim().min(1).max(16);

/** Largest `codeChange` text, in UTF-8 bytes (the API's code cap). */
export function codeFits(code: string): boolean {
  // Cheap bound first: a UTF-8 character takes at most 3 bytes per UTF-16 unit.
  if (code.length * 3 <= limits.codeMaxBytes) return true;
  return new TextEncoder().encode(code).length <= limits.codeMaxBytes;
}

// ── client → server, legacy ──────────────────────────────────────────────────
export const zVerifyUniqueUser = z.object({
  roomId: zRoomIdLoose,
  userId: z.unknown().optional(),
  /** Our client (added by the web side, H2): its per-tab id, so a reload of the same tab is not "already in this room". */
  tabId: z.string().max(64).optional(),
});
export const zJoin = z.object({
  roomId: zRoomIdLoose,
  userId: z.unknown().optional(),
  userName: z.unknown().optional(),
  avatar: z.unknown().optional(),
  /** Our client: a per-tab id kept across reconnects, so a reconnect is never refused as a duplicate. */
  tabId: z.string().max(64).optional(),
});
export const zCodeChange = z.object({ code: zCode().refine(codeFits, "Code is too large") });
/** The original client sends the target id as a bare string; the spec summary says `{ userId }`. */
export const zKickTarget = z.union([z.string().max(64), z.object({ userId: z.string().max(64) })]);
export const zTerminalRelay = zRunResult.partial().passthrough();
export type TTerminalRelay = z.infer<typeof zTerminalRelay>;

/** A relayed result as a full run result (absent fields null), or null when it is not one (no status). */
export function relayedRunResult(relayed: TTerminalRelay): z.infer<typeof zRunResult> | null {
  const full = zRunResult.safeParse({ stdout: null, stderr: null, compile_output: null, time: null, memory: null, exit_code: null, ...relayed });
  return full.success ? full.data : null;
}

// ── server → client, legacy ──────────────────────────────────────────────────
/** A room member as the legacy events carry it; `color` is ours, `socketId` is an opaque per-connection id. */
export const zRoomUser = z.object({
  id: z.string(),
  name: z.string(),
  avatar: z.string().optional(),
  isTyping: z.boolean(),
  socketId: z.string(),
  color: z.string(),
});
export type TRoomUser = z.infer<typeof zRoomUser>;
/** `updateUsers`: the room's users list. */
export const zUsersUpdate = z.object({ users: z.array(zRoomUser) });
export type TUsersUpdate = z.infer<typeof zUsersUpdate>;
/** `userJoined` / `userLeft`: who came or went, and the users list after. */
export const zPresenceChange = zUsersUpdate.extend({ userName: z.string() });
export type TPresenceChange = z.infer<typeof zPresenceChange>;

/** Event names of the legacy protocol, both directions. */
export const legacyEvents = {
  verifyUniqueUser: "verifyUniqueUser",
  uniqueUser: "uniqueUser",
  join: "join",
  leaveRoom: "leaveRoom",
  kickCall: "kickCall",
  kickAction: "kickAction",
  IAMKICKED: "IAMKICKED",
  roomUpdateTrigger: "roomUpdateTrigger",
  startTyping: "startTyping",
  stopTyping: "stopTyping",
  codeChange: "codeChange",
  codeUpdate: "codeUpdate",
  updateTerminal: "updateTerminal",
  updateUsers: "updateUsers",
  userJoined: "userJoined",
  userLeft: "userLeft",
} as const;

// ── richer events for our client ─────────────────────────────────────────────
export const roomEvents = {
  /** server → joiner after `join`: everything the playground needs to render. */
  state: "room:state",
  /** server → everyone: room name / anyoneCanEdit / language changed; each socket gets its own `canWrite`. */
  settings: "room:settings",
  /** server → everyone: the owner deleted the room; clients go to /dashboard with a toast. */
  deleted: "room:deleted",
  /** server → one socket: a refused action (`{ event, code, message }`). */
  error: "room:error",
  /** client → server (ack): run the room's live code; server → room: run lifecycle. */
  runStart: "run:start",
  runStop: "run:stop",
  runQueued: "run:queued",
  runStarted: "run:started",
  runOutput: "run:output",
  runFinished: "run:finished",
  /** server → room: the owner saved a named version (payload: a `TRoomVersion`). */
  versionSaved: "version:saved",
  /** server → room: the owner restored a version (payload: `{ version: TRoomVersion, by }`). */
  versionRestored: "version:restored",
} as const;

export const zRoomError = z.object({ event: z.string(), code: z.string(), message: z.string() });
export type TRoomError = z.infer<typeof zRoomError>;

export const zRunByUser = z.object({ id: z.string(), name: z.string() });

export const zRoomState = z.object({
  roomId: z.string(),
  roomName: z.string(),
  owner: z.string(),
  anyoneCanEdit: z.boolean(),
  language: z.object({ id: z.number().int(), name: z.string() }),
  /** May this connection write to the document right now? */
  canWrite: z.boolean(),
  users: z.array(zRoomUser),
  /** The last run result shown in the shared terminal, if any. */
  terminal: zRunResult.nullable(),
  /** A run in progress in this room, if any. */
  run: z
    .object({ runId: z.string(), by: zRunByUser, state: z.enum(["queued", "running"]), output: z.string() })
    .nullable(),
});
export type TRoomState = z.infer<typeof zRoomState>;

export const zRoomSettings = z.object({
  roomName: z.string(),
  anyoneCanEdit: z.boolean(),
  canWrite: z.boolean(),
  /** The owner may change the language: the editor mode, the badge and later runs follow it. */
  language: z.object({ id: z.number().int(), name: z.string() }),
});
export type TRoomSettings = z.infer<typeof zRoomSettings>;

export const zRunStart = z.object({ stdin: z.string().max(limits.stdinMaxBytes).optional().default("") });
/** `run:stop`: the run to stop (the room's current one when absent). */
export const zRunStop = z.object({ runId: z.string().max(64).optional() }).optional();
export const zRunQueued = z.object({ runId: z.string(), by: zRunByUser, position: z.number().int() });
export type TRunQueued = z.infer<typeof zRunQueued>;
export const zRunStarted = z.object({ runId: z.string(), by: zRunByUser });
export type TRunStarted = z.infer<typeof zRunStarted>;
export const zRunOutput = z.object({ runId: z.string(), stream: z.enum(["stdout", "stderr"]), data: z.string() });
export type TRunOutput = z.infer<typeof zRunOutput>;
export const zRunFinished = z.object({ runId: z.string(), by: zRunByUser, result: zRunResult });
export type TRunFinished = z.infer<typeof zRunFinished>;

/** Acknowledgement of every client → server event our client sends with a callback. */
export type TAck<T = undefined> = { ok: true; data?: T } | { ok: false; code: string; message: string };

// ── versions (REST, owner only) ──────────────────────────────────────────────
export const zVersionName = z.string().trim().max(80).optional();
export const zSaveVersionBody = z.object({ name: zVersionName });
export const zRoomVersion = z.object({
  id: z.string(),
  name: z.string(),
  author: zRunByUser,
  createdAt: z.string(),
  bytes: z.number().int(),
});
export type TRoomVersion = z.infer<typeof zRoomVersion>;
export const zRoomVersionWithCode = zRoomVersion.extend({ code: z.string() });

// ── payloads the server sends (added with the server side) ───────────────────
/** `room:deleted`: the room is gone; leave for /dashboard. */
export const zRoomDeleted = z.object({ roomId: z.string() });
export type TRoomDeleted = z.infer<typeof zRoomDeleted>;
/** `version:restored`: the owner restored a version; the text arrives as a normal document edit. */
export const zVersionRestored = z.object({ version: zRoomVersion, by: zRunByUser });
export type TVersionRestored = z.infer<typeof zVersionRestored>;
/** Ack data of `run:start` once the run is accepted (then `run:queued`/`run:started` follow). */
export const zRunStartAck = z.object({ runId: z.string() });
export type TRunStartAck = z.infer<typeof zRunStartAck>;


/**
 * REST paths of the versions API under `/api/v1` (owner only; others 403). Proposed by the
 * web side (H2) for the server side (H1) to serve; answers use the usual envelope.
 * - `GET list` → `TRoomVersion[]`, newest first; `POST list` with `TSaveVersionBody` saves the
 *   live text as a version (Save Code) → `TRoomVersion`, and the room hears `version:saved`.
 * - `GET one` → `TRoomVersionWithCode`.
 * - `POST restore` → `TRoomVersion`: the version's text becomes the live text (an edit everyone sees).
 */
export const versionPaths = {
  list: (roomId: string) => `/rooms/${encodeURIComponent(roomId)}/versions`,
  one: (roomId: string, versionId: string) =>
    `/rooms/${encodeURIComponent(roomId)}/versions/${encodeURIComponent(versionId)}`,
  restore: (roomId: string, versionId: string) =>
    `/rooms/${encodeURIComponent(roomId)}/versions/${encodeURIComponent(versionId)}/restore`,
} as const;
export type TSaveVersionBody = z.infer<typeof zSaveVersionBody>;
export type TRoomVersionWithCode = z.infer<typeof zRoomVersionWithCode>;
