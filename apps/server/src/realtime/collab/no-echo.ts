import { Document, OutgoingMessage, type Connection } from "@hocuspocus/server";

interface DocumentInternals {
  handleUpdate(update: Uint8Array, origin: unknown): unknown;
  callbacks: { onUpdate(document: Document, connection: unknown, update: Uint8Array): void };
}

/**
 * Hocuspocus 3 sends every update back to the connection it came from too (its
 * `handleUpdate` ignores the origin), although that client already has it and is
 * acknowledged separately (SyncStatus). At five typists a room the echo is a fifth of all
 * frames. This sends each update, encoded once, to everyone but its origin. The constructor
 * binds `handleUpdate` from the prototype, so replacing it there (once, at import) covers
 * every document.
 */
const proto = Document.prototype as unknown as DocumentInternals;
proto.handleUpdate = function handleUpdate(this: DocumentInternals, update, origin) {
  const document = this as unknown as Document;
  this.callbacks.onUpdate(document, origin, update);
  const message = new OutgoingMessage(document.name).createSyncMessage().writeUpdate(update).toUint8Array();
  for (const connection of document.getConnections() as Connection[]) {
    if (connection !== origin) connection.send(message);
  }
  return document;
};
