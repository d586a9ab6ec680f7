import type { Namespace, Socket } from "socket.io";
import type { ClientToServerEvents, ServerToClientEvents } from "@coderoom/shared/schemas/editor-events";
import type { TRunResult } from "@coderoom/shared/schemas/run";
import type { AppDeps } from "../../deps";
import type { Handle } from "../../socket/socket-handlers";

/** Who is behind a socket: always from the session cookie, never from a payload. */
export interface SocketUser {
  id: string;
  name: string;
  avatar?: string;
  role: "ADMIN" | "CODER" | "GUEST";
}

/** What the `/editor` namespace keeps on each socket (`socket.data`). */
export interface EditorSocketData {
  user: SocketUser;
  /** sha256 of the session token, so a revoked session can find its sockets. */
  sessionHash: string;
  /** Set by `join`, cleared by leave/kick/delete. */
  roomId?: string;
  /** Our client's per-tab id; absent for the legacy client. */
  tabId?: string;
  /** True for a legacy full-text client (joined without a tabId). */
  legacy?: boolean;
  typing?: boolean;
  color?: string;
}

export type EditorSocket = Socket<ClientToServerEvents, ServerToClientEvents, any, EditorSocketData>;
export type EditorNamespace = Namespace<ClientToServerEvents, ServerToClientEvents, any, EditorSocketData>;

/** What an extension may use besides its socket. */
export interface EditorContext {
  deps: AppDeps;
  nsp: EditorNamespace;
  /** The room's live code (from the Yjs document), its language and the last run the server itself made. */
  snapshot(roomId: string): Promise<{ code: string; languageId: number; languageName: string; terminal: TRunResult | null }>;
  /** True when this socket has joined this room. */
  isMember(socket: EditorSocket, roomId: string): boolean;
  /** May this socket's user write to the code of the room it joined, right now? */
  canWrite(socket: EditorSocket): boolean;
}

/**
 * One concern of the `/editor` namespace. Called once per authenticated socket, at
 * connection, before any event arrives; register its handlers there with `handle`.
 *
 * - Identity: `socket.data.user` (`{ id, name, avatar, role }`) comes from the session.
 * - Room: `socket.data.roomId` is set by `join`; check `ctx.isMember(socket, roomId)`
 *   (or just `socket.data.roomId`) before acting, and ignore/refuse events before `join`.
 * - Broadcast to a room with `ctx.nsp.to(roomChannel(roomId)).emit(...)`: it reaches
 *   every member on every server process (the Redis adapter carries it).
 * - `handle(event, opts, fn)` parses the payload with the event's schema in the shared
 *   contract (editor-events.ts), refuses it before `join`, and answers a thrown `Refusal`
 *   through the ack (`TAck`) or `room:error`.
 *
 * Add an extension to `editorExtensions` in `editor-namespace.ts` (one line).
 */
export type EditorExtension = (socket: EditorSocket, ctx: EditorContext, handle: Handle) => void;

/** The Socket.IO room of a CodeRoom room. */
export function roomChannel(roomId: string): string {
  return `room:${roomId}`;
}
