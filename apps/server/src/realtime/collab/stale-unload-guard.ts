import type { Extension, beforeUnloadDocumentPayload } from "@hocuspocus/server";

/**
 * Keeps Hocuspocus from unloading a live document in place of one it already unloaded.
 *
 * Hocuspocus stores a document once its last connection leaves and, a timer later, unloads
 * "that document" if it still has no connections. By then the document may already be
 * unloaded and a new one loaded under the same name for a client that just connected.
 * `unloadDocument` checks the stale instance's connections (none) but removes the entry
 * by name: the live document drops out of `documents`, the next client of the room gets
 * another copy, and the two never see each other's edits.
 *
 * Throwing in `beforeUnloadDocument` cancels an unload (Hocuspocus's own tests check it). The
 * error has no message so that Hocuspocus does not log it.
 */
export function staleUnloadGuard(): Extension {
  return {
    extensionName: "coderoom-stale-unload-guard",
    async beforeUnloadDocument({ instance, documentName, document }: beforeUnloadDocumentPayload) {
      if (instance.documents.get(documentName) !== document) throw new Error();
    },
  };
}
