import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createRealtimeTestApp, type RealtimeTestContext } from "../../../test/realtime-harness";
import { roomWithOwner } from "../../../test/room-fixture";
import type { EditorSocket } from "./editor-extension";
import { createLegacyBridge } from "./legacy-bridge";

let ctx: RealtimeTestContext;
beforeAll(async () => {
  ctx = await createRealtimeTestApp();
});
afterAll(() => ctx?.close());

/** What the bridge reads of a Socket.IO socket: its id, its room, and emit. */
const socketIn = (id: string, roomId: string) => ({ id, data: { roomId } as { roomId?: string }, emit: () => true }) as unknown as EditorSocket;

// Issue 41 §5: a legacy socket that joined while the room's last legacy socket left, both
// during the document's load, was added to a bridge already released: its codeChange then
// failed with "legacy socket not bridged".
describe("legacy bridge hand-over", () => {
  it("bridges a joiner whose room's last legacy socket left while the document was loading (25 in a row)", async () => {
    const { roomId } = await roomWithOwner(ctx);
    const bridge = createLegacyBridge(
      ctx.realtime.collab.hocuspocus,
      (err) => {
        throw err;
      },
      ctx.deps.config.COLLAB_MAX_DOC_CHARS,
    );
    let live = await ctx.realtime.collab.text(roomId);
    let previous = socketIn("s0", roomId);
    const attaching = [bridge.attach(previous, roomId, live)];
    for (let i = 1; i <= 25; i += 1) {
      const next = socketIn(`s${i}`, roomId);
      attaching.push(bridge.attach(next, roomId, live));
      // The previous one leaves as leaveRoom does: its room cleared, then detached.
      previous.data.roomId = undefined;
      bridge.detach(previous);
      await Promise.all(attaching.splice(0));
      const typed = `${live}v${i}\n`;
      await expect(bridge.codeChange(next, typed)).resolves.toBe(typed);
      live = typed;
      previous = next;
    }
    await bridge.close();
  });
});
