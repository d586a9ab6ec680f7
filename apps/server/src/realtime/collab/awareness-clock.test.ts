import { expect, it } from "vitest";
import * as encoding from "lib0/encoding";
import { Awareness, applyAwarenessUpdate } from "y-protocols/awareness";
import * as Y from "yjs";

// client-messages.ts stamps the server's `user` into a client's awareness state by applying
// a rewritten copy first and letting Hocuspocus apply the original after it: that relies on
// y-protocols ignoring a state whose clock is not newer than the one it holds.

/** One client's awareness entry, encoded as y-protocols (and client-messages.ts) write it. */
function entry(clientId: number, clock: number, state: object | null): Uint8Array {
  const e = encoding.createEncoder();
  encoding.writeVarUint(e, 1);
  encoding.writeVarUint(e, clientId);
  encoding.writeVarUint(e, clock);
  encoding.writeVarString(e, JSON.stringify(state));
  return encoding.toUint8Array(e);
}

it("keeps the stamped state when the original arrives with the same clock, and takes a newer clock", () => {
  const server = new Awareness(new Y.Doc());
  applyAwarenessUpdate(server, entry(7, 3, { user: "from-session" }), "stamp");
  applyAwarenessUpdate(server, entry(7, 3, { user: "forged" }), "client");
  expect(server.getStates().get(7)).toEqual({ user: "from-session" });
  applyAwarenessUpdate(server, entry(7, 4, { user: "next" }), "client");
  expect(server.getStates().get(7)).toEqual({ user: "next" });
});
