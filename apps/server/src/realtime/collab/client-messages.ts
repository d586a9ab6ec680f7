import { MessageType, type Connection, type Document, type Extension, type beforeHandleMessagePayload } from "@hocuspocus/server";
import * as decoding from "lib0/decoding";
import * as encoding from "lib0/encoding";
import { applyAwarenessUpdate } from "y-protocols/awareness";
import type { TAwarenessUser } from "@coderoom/shared/schemas/realtime";
import { userColor } from "../editor/room-members";
import type { CollabContext } from "./collab-access";

/** Closes the connection (Hocuspocus closes one whose message hook throws); never sent by our client. */
function refuse(reason: string): Error {
  return Object.assign(new Error(reason), { code: 4403, reason });
}

/** The sender as the room sees them: from the session, as the presence list shows them. */
export function awarenessUser(ctx: CollabContext): TAwarenessUser {
  return { id: ctx.user.id, name: ctx.user.name, color: userColor(ctx.user.id) };
}

interface AwarenessEntry {
  clientId: number;
  clock: number;
  state: Record<string, unknown> | null;
}

function readAwarenessUpdate(update: Uint8Array): AwarenessEntry[] {
  const decoder = decoding.createDecoder(update);
  const entries: AwarenessEntry[] = [];
  for (let n = decoding.readVarUint(decoder); n > 0; n -= 1) {
    const clientId = decoding.readVarUint(decoder);
    const clock = decoding.readVarUint(decoder);
    const state = JSON.parse(decoding.readVarString(decoder)) as unknown;
    entries.push({ clientId, clock, state: state === null ? null : typeof state === "object" ? (state as Record<string, unknown>) : {} });
  }
  return entries;
}

function writeAwarenessUpdate(entries: AwarenessEntry[]): Uint8Array {
  const encoder = encoding.createEncoder();
  encoding.writeVarUint(encoder, entries.length);
  for (const { clientId, clock, state } of entries) {
    encoding.writeVarUint(encoder, clientId);
    encoding.writeVarUint(encoder, clock);
    encoding.writeVarString(encoder, JSON.stringify(state));
  }
  return encoding.toUint8Array(encoder);
}

/** Is this awareness client id another user's (announced on one of their connections here)? */
function someoneElses(document: Document, connection: Connection, clientId: number): boolean {
  const mine = (connection.context as CollabContext).userId;
  return document
    .getConnections()
    .some((c) => c !== connection && (c.context as CollabContext).userId !== mine && document.getClients(c.webSocket).has(clientId));
}

/**
 * Applies the client's awareness update with the server's `user` in every state, before
 * Hocuspocus applies the original: y-protocols ignores a state whose clock is not newer
 * than the one it holds, so the original then changes nothing. Moving another user's
 * client id forward (hijacking their cursor) is refused.
 */
function stampIdentity(document: Document, connection: Connection, update: Uint8Array): void {
  const user = awarenessUser(connection.context as CollabContext);
  const stamped: AwarenessEntry[] = [];
  for (const entry of readAwarenessUpdate(update)) {
    const known = document.awareness.meta.get(entry.clientId)?.clock ?? 0;
    if (someoneElses(document, connection, entry.clientId)) {
      // Echoes of states the client was sent carry no newer clock; those Hocuspocus ignores.
      if (entry.clock > known) throw refuse("awareness_forbidden");
      continue;
    }
    if (entry.state === null || JSON.stringify(entry.state.user) === JSON.stringify(user)) continue;
    stamped.push({ ...entry, state: { ...entry.state, user } });
  }
  if (stamped.length > 0) applyAwarenessUpdate(document.awareness, writeAwarenessUpdate(stamped), connection.webSocket);
}

/**
 * What a client may send besides document sync: its own awareness, stamped with its
 * identity, and no stateless messages at all (Hocuspocus would relay a client's
 * broadcast-stateless message to every connection as if the server had sent it; we
 * define no client kind). A forged notice or a hijacked cursor closes the connection:
 * our client sends neither, and the hook cannot drop a message without closing.
 */
export function clientMessagesExtension(): Extension {
  return {
    extensionName: "coderoom-client-messages",
    async beforeHandleMessage({ update, connection, document }: beforeHandleMessagePayload) {
      const decoder = decoding.createDecoder(update);
      decoding.readVarString(decoder);
      const type = decoding.readVarUint(decoder) as MessageType;
      if (type === MessageType.Stateless || type === MessageType.BroadcastStateless) throw refuse("stateless_forbidden");
      if (type === MessageType.Awareness) stampIdentity(document, connection, decoding.readVarUint8Array(decoder));
    },
  };
}
