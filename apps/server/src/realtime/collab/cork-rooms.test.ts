import type { Duplex } from "node:stream";
import { afterAll, beforeAll, expect, it } from "vitest";
import { Hocuspocus, type beforeHandleMessagePayload, type Extension } from "@hocuspocus/server";
import type WebSocket from "ws";
import { startBareHocuspocus, until } from "../../../test/bare-hocuspocus";
import { createRoomCorking } from "./cork-rooms";

// Room corking relies on Hocuspocus broadcasting a message's changes in the turn its
// beforeHandleMessage hook ran: if an update of @hocuspocus/server defers the broadcast,
// the frames no longer wait in the corked sockets and this fails.

const corking = createRoomCorking();
const sockets = new Map<WebSocket, Duplex>();
/** Bytes waiting in the peers' corked sockets at the end of each turn that handled a message. */
const waitingAtTurnEnd: number[] = [];
/** Runs before the corking extension, so its end-of-turn look comes before the uncork. */
const observer: Extension = {
  extensionName: "observer",
  async beforeHandleMessage({ document, connection }: beforeHandleMessagePayload) {
    const peers = document.getConnections().filter((c) => c !== connection);
    setImmediate(() => waitingAtTurnEnd.push(peers.reduce((n, c) => n + (sockets.get(c.webSocket)?.writableLength ?? 0), 0)));
  },
};
const hocuspocus = new Hocuspocus({ quiet: true, extensions: [observer, corking.extension] });
let bare: Awaited<ReturnType<typeof startBareHocuspocus>>;
beforeAll(async () => {
  bare = await startBareHocuspocus(hocuspocus, (ws, req) => {
    sockets.set(ws, req.socket);
    corking.watch(ws, req.socket);
    hocuspocus.handleConnection(ws, req, {});
  });
});
afterAll(() => bare.close());

it("holds a room's broadcast in its peers' sockets until the turn ends, then delivers it", async () => {
  const a = bare.client("corked");
  const b = bare.client("corked");
  await until(() => a.provider.isSynced && b.provider.isSynced);
  waitingAtTurnEnd.length = 0;
  a.provider.document.getText("code").insert(0, "typed");
  await until(() => b.provider.document.getText("code").toString() === "typed");
  expect(Math.max(0, ...waitingAtTurnEnd)).toBeGreaterThan(0);
  a.close();
  b.close();
});
