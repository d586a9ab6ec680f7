import { describe, expect, it } from "vitest";
import * as Y from "yjs";
import { collabTextName } from "@coderoom/shared/schemas/realtime";
import { insertedText } from "./inserted-text";

/** The updates `edit` makes on a document that already holds "hello". */
function updatesOf(edit: (doc: Y.Doc) => void): Uint8Array[] {
  const doc = new Y.Doc();
  doc.getText(collabTextName).insert(0, "hello");
  const updates: Uint8Array[] = [];
  doc.on("update", (u: Uint8Array) => updates.push(u));
  edit(doc);
  return updates;
}

describe("insertedText", () => {
  it("counts the characters an update inserts into the code text, deletions as nothing", () => {
    const [insert] = updatesOf((doc) => doc.getText(collabTextName).insert(5, " world"));
    expect(insertedText(insert!)).toBe(6);
    const [remove] = updatesOf((doc) => doc.getText(collabTextName).delete(0, 3));
    expect(insertedText(remove!)).toBe(0);
    const [replace] = updatesOf((doc) =>
      doc.transact(() => {
        doc.getText(collabTextName).delete(0, 5);
        doc.getText(collabTextName).insert(0, "bye");
      }),
    );
    expect(insertedText(replace!)).toBe(3);
  });

  it("refuses content outside the code text or other than text", () => {
    const [map] = updatesOf((doc) => doc.getMap("other").set("k", "x".repeat(1000)));
    expect(insertedText(map!)).toBeNull();
    const [otherText] = updatesOf((doc) => doc.getText("other").insert(0, "x"));
    expect(insertedText(otherText!)).toBeNull();
    const [formatted] = updatesOf((doc) => doc.getText(collabTextName).format(0, 2, { bold: true }));
    expect(insertedText(formatted!)).toBeNull();
  });
});
