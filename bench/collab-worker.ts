// One load-generator process of collab.bench.ts. It owns whole rooms (all five typists of a
// room live here), so keystroke-to-peer latency is measured on one clock, and the bench can
// spread 1,000 typists over several processes instead of one overloaded event loop.
// Speaks to the bench over the IPC channel: synced → type → warm → typed → converge → converged.
import { monitorEventLoopDelay, performance } from "node:perf_hooks";
import * as Y from "yjs";
import { randomChar, typeFor, typistCursor, type Wire } from "./collab-clients";
import { typist, type Typist } from "./collab-typist";
import { cpuMsSince } from "./stats";
import { watchGcPauses } from "../apps/server/test/gc-pauses";

export interface WorkerJob {
  url: string;
  rooms: { roomId: string; tokens: string[] }[];
  keysPerSecond: number;
}
export type ToWorker = { type: "type"; warmupSeconds: number; seconds: number } | { type: "converge"; timeoutMs: number } | { type: "close" };
export type FromWorker =
  | { type: "synced" }
  | { type: "warm" }
  | { type: "typed"; keystrokes: number; latencies: number[]; wire: Wire; loopP99Ms: number; cpuSeconds: number; gc: string }
  | { type: "converged"; rooms: number };

const job = JSON.parse(process.env.COLLAB_WORKER_JOB!) as WorkerJob;
const send = (m: FromWorker) => process.send!(m);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

const wire: Wire = { tx: 0, rx: 0 };
const gc = watchGcPauses();
/** When each typist's keystrokes left: by Yjs client id, indexed by clock (dense, one number each, cheap for the GC). */
const sentAt = new Map<number, number[]>();
let latencies: number[] = [];
const rooms: Typist[][] = [];
const onPeerKeystroke = (client: number, clock: number) => {
  const at = sentAt.get(client)?.[clock];
  if (at !== undefined) latencies.push(performance.now() - at);
};
for (const room of job.rooms) {
  rooms.push(room.tokens.map((token) => typist(job.url, room.roomId, token, wire, onPeerKeystroke)));
  // Connect in waves so the handshakes do not all queue at once.
  if (rooms.length % 10 === 0) await sleep(100);
}
const typists = rooms.flat();
await Promise.all(typists.map((t) => t.synced));
const cursors = typists.map(() => typistCursor());
for (const t of typists) sentAt.set(t.doc.clientID, []);
send({ type: "synced" });

function keystroke(i: number) {
  const ydoc = typists[i]!.doc;
  const text = ydoc.getText("code");
  // The keystroke's id is the typist's next clock; it leaves on the wire inside insert().
  sentAt.get(ydoc.clientID)![Y.getState(ydoc.store, ydoc.clientID)] = performance.now();
  text.insert(cursors[i]!(text.length), randomChar());
}

async function type(warmupSeconds: number, seconds: number) {
  // Warm-up (JIT, buffers, the first burst of every typist starting at once), not measured.
  await typeFor(warmupSeconds, typists.length, job.keysPerSecond, keystroke);
  send({ type: "warm" });
  wire.tx = 0;
  wire.rx = 0;
  latencies = [];
  const lag = monitorEventLoopDelay({ resolution: 10 });
  lag.enable();
  gc.reset();
  const cpu0 = process.cpuUsage();
  const keystrokes = await typeFor(seconds, typists.length, job.keysPerSecond, keystroke);
  lag.disable();
  const cpuMs = cpuMsSince(cpu0);
  // Late arrivals still count: give the last keystrokes a moment to reach their peers.
  await sleep(1000);
  send({ type: "typed", keystrokes, latencies, wire: { ...wire }, loopP99Ms: lag.percentile(99) / 1e6, cpuSeconds: cpuMs / 1000, gc: gc.summary() });
}

async function converge(timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  let converged = 0;
  for (;;) {
    converged = rooms.filter((room) => {
      const texts = room.map((t) => {
        t.catchUp();
        return t.doc.getText("code").toString();
      });
      return texts.every((t) => t === texts[0]);
    }).length;
    if (converged === rooms.length || Date.now() > deadline) break;
    await sleep(250);
  }
  send({ type: "converged", rooms: converged });
}

process.on("message", (m: ToWorker) => {
  if (m.type === "type") void type(m.warmupSeconds, m.seconds);
  else if (m.type === "converge") void converge(m.timeoutMs);
  else {
    typists.forEach((t) => t.close());
    process.exit(0);
  }
});
