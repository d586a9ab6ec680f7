import * as Y from "yjs";
import { collabTextName } from "@coderoom/shared/schemas/realtime";

/**
 * Characters a Yjs update inserts into the room's code text, read from its structs without
 * applying it (deleted content counts 0). Null when it holds anything else: content other
 * than text, or an item placed directly under another type than the code text. Items placed
 * by their neighbours (`origin`) follow an item already checked.
 */
export function insertedText(update: Uint8Array): number | null {
  let chars = 0;
  for (const struct of Y.decodeUpdate(update).structs) {
    if (!(struct instanceof Y.Item)) continue;
    if (struct.content instanceof Y.ContentDeleted) continue;
    if (!(struct.content instanceof Y.ContentString)) return null;
    // Decoded, not integrated: a root parent is its name (typed as the type it will become).
    const parent: unknown = struct.parent;
    if ((parent !== null && parent !== collabTextName) || struct.parentSub !== null) return null;
    chars += struct.length;
  }
  return chars;
}
