import { describe, expect, it } from "vitest";
import { Hocuspocus, type Extension } from "@hocuspocus/server";
import { staleUnloadGuard } from "./stale-unload-guard";

// Hocuspocus schedules an unload of a document when a connection to it ends, and that
// unload removes whatever document now has the name. With Hocuspocus alone the first case
// shows the live document lost (if an update of @hocuspocus/server fixes that, it fails and
// the guard can go); with the guard the second shows it kept.

describe.each([
  { name: "Hocuspocus alone", extensions: [] as Extension[], kept: false },
  { name: "the stale-unload guard", extensions: [staleUnloadGuard()], kept: true },
])("with $name", ({ extensions, kept }) => {
  it(`${kept ? "keeps" : "loses"} a document loaded again right after it was unloaded`, async () => {
    const hocuspocus = new Hocuspocus({ quiet: true, unloadImmediately: true, extensions });
    const first = await hocuspocus.openDirectConnection("room", {});
    await first.disconnect();
    expect(hocuspocus.documents.has("room")).toBe(false);
    const second = await hocuspocus.openDirectConnection("room", {});
    const live = second.document;
    // The first connection's delayed unload runs on a timer.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(hocuspocus.documents.get("room") === live).toBe(kept);
    expect(live?.isDestroyed).toBe(false);
    await second.disconnect();
    expect(hocuspocus.documents.has("room")).toBe(false);
  });
});
