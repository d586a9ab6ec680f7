// Child process of collab-flood.bench.ts: a /collab client that authenticates and sends
// FLOOD one-character Yjs updates (prepared beforehand) as fast as its socket takes them,
// in its own process so that the bench's timing clients share no event loop with it.
// Prints a JSON line once connected and about to send, and one when everything is sent or
// the server has closed the socket.
import * as encoding from "lib0/encoding";
import WebSocket from "ws";
import * as Y from "yjs";

const { FLOOD_URL = "", FLOOD_ROOM = "", FLOOD_COOKIE = "", FLOOD = "50000" } = process.env;
const SYNC = 0;
const AUTH = 2;
const SYNC_UPDATE = 2;

const message = (write: (e: encoding.Encoder) => void) => {
  const e = encoding.createEncoder();
  encoding.writeVarString(e, FLOOD_ROOM);
  write(e);
  return encoding.toUint8Array(e);
};

// Each insert at the start of a fresh document: placed before the previous one, valid on any server copy.
const doc = new Y.Doc();
const updates: Uint8Array[] = [];
doc.on("update", (u: Uint8Array) =>
  updates.push(
    message((e) => {
      encoding.writeVarUint(e, SYNC);
      encoding.writeVarUint(e, SYNC_UPDATE);
      encoding.writeVarUint8Array(e, u);
    }),
  ),
);
for (let i = 0; i < Number(FLOOD); i += 1) doc.getText("code").insert(0, "f");

const ws = new WebSocket(`${FLOOD_URL.replace(/^http/, "ws")}/collab`, { headers: { cookie: FLOOD_COOKIE } });
ws.on("error", () => undefined);
ws.on("open", () => {
  console.log(JSON.stringify({ flooding: updates.length }));
  const started = performance.now();
  ws.send(
    message((e) => {
      encoding.writeVarUint(e, AUTH);
      encoding.writeVarUint(e, 0);
      encoding.writeVarString(e, "session-cookie");
    }),
  );
  let sent = 0;
  for (const update of updates) {
    if (ws.readyState !== WebSocket.OPEN) break;
    ws.send(update);
    sent += 1;
  }
  const done = () => {
    console.log(JSON.stringify({ sent, sentInMs: performance.now() - started }));
    process.exit(0);
  };
  ws.once("close", done);
  setTimeout(done, 20_000).unref();
});
