// A lean load client for collab.bench.ts: it speaks the Hocuspocus protocol on /collab
// itself (authenticate, sync, send updates) with a real Y.Doc to type into, but does not
// apply its peers' updates as they arrive: it times them (who typed which keystroke, from
// the update's metadata) and keeps them until the end, when it applies them all and the
// room's five replicas must be equal. The server does exactly the work it does for a
// browser; the client costs a fraction of a HocuspocusProvider, so one 2-core machine can
// drive the server and 1,000 typists at once.
import * as decoding from "lib0/decoding";
import * as encoding from "lib0/encoding";
import WebSocket from "ws";
import * as sync from "y-protocols/sync";
import * as Y from "yjs";
import type { Wire } from "./collab-clients";

/**
 * Byte strings kept in one growing buffer until drained. Kept as they arrive (views into the
 * socket's reads, ~1.2 million per load generator in a run), every one survived every
 * scavenge until the end: the generators' scavenges averaged ~19 ms (max 60 ms), and each
 * was part of the latency of every keystroke delivered meanwhile.
 */
function byteLog() {
  let bytes = new Uint8Array(1024);
  let used = 0;
  let lengths: number[] = [];
  return {
    push(data: Uint8Array) {
      if (used + data.byteLength > bytes.byteLength) {
        const grown = new Uint8Array(Math.max(bytes.byteLength * 2, used + data.byteLength));
        grown.set(bytes.subarray(0, used));
        bytes = grown;
      }
      bytes.set(data, used);
      used += data.byteLength;
      lengths.push(data.byteLength);
    },
    drain(): Uint8Array[] {
      let at = 0;
      const out = lengths.map((n) => bytes.subarray(at, (at += n)));
      bytes = new Uint8Array(1024);
      used = 0;
      lengths = [];
      return out;
    },
  };
}

/** Hocuspocus message types (@hocuspocus/common) and its token sub-type. */
const MSG_SYNC = 0;
const MSG_AUTH = 2;
const MSG_SYNC_STATUS = 8;
const AUTH_TOKEN = 0;
const AUTH_OK = 2;

export interface Typist {
  readonly doc: Y.Doc;
  readonly synced: Promise<void>;
  /** How many of this typist's own keystrokes the server has acknowledged (its Yjs clock up to which it applied them). */
  readonly ackedClock: number;
  /** Applies every update received since sync (the end-of-run convergence check). */
  catchUp(): void;
  close(): void;
}

export interface TypistOptions {
  /** More cookies for the websocket upgrade (a balancer's sticky cookie). */
  cookies?: string;
  /** Opens a new connection (same URL and cookies) when the server drops this one, and syncs again. */
  reconnect?: boolean;
}

/**
 * `onPeerKeystroke(client, clock)` is called for each update a peer typed, on arrival.
 */
export function typist(url: string, roomId: string, token: string, wire: Wire, onPeerKeystroke: (client: number, clock: number) => void, opts: TypistOptions = {}): Typist {
  const doc = new Y.Doc();
  const received = byteLog();
  const cookie = [`coderoom_session=${token}`, opts.cookies].filter(Boolean).join("; ");
  let ws: WebSocket;
  let closing = false;
  let ackedClock = 0;
  /** The clock each sync message sent on this connection carries us to; the server acknowledges them in order. */
  let awaitingAck: number[] = [];
  const send = (write: (e: encoding.Encoder) => void) => {
    const e = encoding.createEncoder();
    encoding.writeVarString(e, roomId);
    write(e);
    const data = encoding.toUint8Array(e);
    wire.tx += data.byteLength;
    if (ws.readyState === WebSocket.OPEN) ws.send(data);
  };
  const sendSync = (write: (e: encoding.Encoder) => void) => {
    if (ws.readyState !== WebSocket.OPEN) return; // re-sent by the next connection's sync
    awaitingAck.push(Y.getState(doc.store, doc.clientID));
    send((e) => {
      encoding.writeVarUint(e, MSG_SYNC);
      write(e);
    });
  };
  let markSynced: () => void;
  const synced = new Promise<void>((resolve) => (markSynced = resolve));

  const connect = () => {
    awaitingAck = [];
    ws = new WebSocket(`${url.replace(/^http/, "ws")}/collab`, { headers: { cookie } });
    ws.on("open", () =>
      send((e) => {
        encoding.writeVarUint(e, MSG_AUTH);
        encoding.writeVarUint(e, AUTH_TOKEN);
        encoding.writeVarString(e, "session-cookie");
      }),
    );
    ws.on("error", () => undefined); // followed by close
    ws.on("close", () => {
      if (opts.reconnect && !closing) setTimeout(connect, 200 + Math.random() * 800);
    });
    ws.on("message", (data: Buffer) => {
      wire.rx += data.byteLength;
      const d = decoding.createDecoder(new Uint8Array(data.buffer, data.byteOffset, data.byteLength));
      decoding.readVarString(d);
      const type = decoding.readVarUint(d);
      if (type === MSG_AUTH) {
        if (decoding.readVarUint(d) !== AUTH_OK) throw new Error(`${roomId}: authentication refused`);
        send((e) => {
          encoding.writeVarUint(e, MSG_SYNC);
          sync.writeSyncStep1(e, doc);
        });
        return;
      }
      if (type === MSG_SYNC_STATUS) {
        const clock = awaitingAck.shift();
        if (clock !== undefined && decoding.readVarUint(d) === 1) ackedClock = Math.max(ackedClock, clock);
        return;
      }
      if (type !== MSG_SYNC) return; // awareness
      const step = decoding.readVarUint(d);
      const payload = decoding.readVarUint8Array(d);
      if (step === sync.messageYjsSyncStep1) {
        sendSync((e) => sync.writeSyncStep2(e, doc, payload));
      } else if (step === sync.messageYjsSyncStep2) {
        Y.applyUpdate(doc, payload, "server");
        markSynced();
      } else {
        received.push(payload);
        const { from } = Y.parseUpdateMeta(payload);
        // Hocuspocus sends each update to its sender too: only peers' keystrokes are timed.
        for (const [client, clock] of from) if (client !== doc.clientID) onPeerKeystroke(client, clock);
      }
    });
  };
  connect();
  doc.on("update", (update: Uint8Array, origin: unknown) => {
    if (origin !== null) return; // only what this typist typed goes out
    sendSync((e) => sync.writeUpdate(e, update));
  });

  return {
    doc,
    synced,
    get ackedClock() {
      return ackedClock;
    },
    catchUp() {
      const updates = received.drain();
      if (updates.length > 0) Y.applyUpdate(doc, Y.mergeUpdates(updates), "server");
    },
    close: () => {
      closing = true;
      ws.close();
    },
  };
}
