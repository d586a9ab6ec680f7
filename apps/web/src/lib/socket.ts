import { io, type Socket } from "socket.io-client";
import { toastMessages } from "@coderoom/shared/messages";
import type {
  ClientToServerEvents,
  ServerToClientEvents,
  TClientAcks,
  TClientEvent,
  TClientPayload,
} from "@coderoom/shared/schemas/editor-events";
import { editorNamespace, type TAck } from "@coderoom/shared/schemas/realtime";

/** The room channel, typed by the shared contract: what the server sends, what we may send. */
export type TEditorSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

/** The payload argument of a client event: none for events without one. */
export type TPayloadArgs<E extends TClientEvent> = TClientPayload<E> extends undefined ? [] : [payload: TClientPayload<E>];

/** The refusal code of an acknowledgement that did not come in time. */
export const ackTimeoutCode = "ack_timeout";
const ACK_TIMEOUT_MS = 20_000;

/** Emits with an acknowledgement; resolves with the server's answer (or a timeout refusal). */
export function emitWithAck<E extends TClientEvent>(socket: TEditorSocket, event: E, ...payload: TPayloadArgs<E>): Promise<TAck<TClientAcks[E]>> {
  // Socket.IO's own typing cannot follow an optional ack: the contract types this call instead.
  const untyped = socket.timeout(ACK_TIMEOUT_MS) as unknown as { emitWithAck(event: string, ...args: unknown[]): Promise<TAck<TClientAcks[E]> | undefined> };
  return untyped
    .emitWithAck(event, ...payload)
    .then((ack): TAck<TClientAcks[E]> => ack ?? { ok: true })
    .catch((): TAck<TClientAcks[E]> => ({ ok: false, code: ackTimeoutCode, message: toastMessages.unexpectedError }));
}

/** Spec §9 realtime constants: connect timeout and the reconnect backoff (unlimited attempts). */
export const socketOptions = {
  timeout: 20_000,
  reconnection: true,
  reconnectionAttempts: Infinity,
  reconnectionDelay: 1_000,
  reconnectionDelayMax: 5_000,
  randomizationFactor: 0.5,
} as const;

/**
 * Opens the room channel (`/editor`) on this origin. The session cookie authenticates
 * the handshake (same origin, so it rides along on polling and on the websocket upgrade).
 * One socket per playground visit: the page opens it and closes it on leave.
 */
export function createEditorSocket(): TEditorSocket {
  return io(editorNamespace, { ...socketOptions, withCredentials: true, transports: ["polling", "websocket"] });
}

/** The `/collab` websocket URL on this origin (Yjs documents over Hocuspocus). */
export function collabUrl(path: string, loc: Pick<Location, "protocol" | "host"> = window.location): string {
  return `${loc.protocol === "https:" ? "wss" : "ws"}://${loc.host}${path}`;
}
