import { io, type Socket } from "socket.io-client";
import { editorNamespace } from "@coderoom/shared/schemas/realtime";

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
export function createEditorSocket(): Socket {
  return io(editorNamespace, { ...socketOptions, withCredentials: true, transports: ["polling", "websocket"] });
}

/** The `/collab` websocket URL on this origin (Yjs documents over Hocuspocus). */
export function collabUrl(path: string, loc: Pick<Location, "protocol" | "host"> = window.location): string {
  return `${loc.protocol === "https:" ? "wss" : "ws"}://${loc.host}${path}`;
}
