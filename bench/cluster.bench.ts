// Three server processes (built: node apps/server/.bench-build/main.js, as after `npm run build`) on one PostgreSQL database and a
// private Redis, behind HAProxy configured from deploy/haproxy.cfg (apps/server/test/cluster-harness.ts).
// ROOMS rooms × 5 lean Yjs typists (collab-typist.ts) = 300 clients by default, each room's
// typists spread over the three processes through HAProxy's sticky cookie, typing
// KEYS_PER_SECOND after their cursor.
// 1. Latency: keystroke-to-peer p50/p99 for peers on another process (through Redis) next to
//    peers on the same process, measured together in the same SECONDS of typing.
// 2. kill -9 of one process in the middle of typing: its clients reconnect through HAProxy; then
//    the keystrokes the server acknowledged more than 0.5 s before the kill that the database
//    lacks (lost), and those lacking among every keystroke acknowledged by the end.
// 3. SIGTERM of another process with its clients connected: time from the signal to exit 0.
// Targets: cross-process p99 <= 2 × same-process p99; 0 lost.
// CLUSTER_BENCH_SECONDS, CLUSTER_BENCH_ROOMS, CLUSTER_BENCH_KEYS_PER_SECOND change the load;
// TEST_DATABASE_URL names the PostgreSQL server (a fresh database is made and dropped).
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { fileURLToPath } from "node:url";
import * as Y from "yjs";
import { clusterUnavailable, privateRedis, seed, startCluster, storedDoc } from "../apps/server/test/cluster-harness";
import { freshDatabase } from "../apps/server/test/test-services";
import { startFakeJudge0 } from "../apps/server/test/fake-judge0";
import { builtServerMain } from "./built-server";
import { randomChar, typeFor, typistCursor, type Wire } from "./collab-clients";
import { typist, type Typist } from "./collab-typist";
import { percentile, ratio } from "./stats";

const SECONDS = Number(process.env.CLUSTER_BENCH_SECONDS ?? 30);
const ROOMS = Number(process.env.CLUSTER_BENCH_ROOMS ?? 60);
/** Per typist, on average: 300 typists at 3 a second already queued deliveries for seconds on this 2-core machine. */
const KEYS_PER_SECOND = Number(process.env.CLUSTER_BENCH_KEYS_PER_SECOND ?? 1);
const CLIENTS = 5;
const PROCESSES = 3;
const WARMUP_SECONDS = 3;
/** Typing before and after the kill. */
const KILL_PHASE_SECONDS = 4;
const TARGETS = { crossOverSameP99: 2, lost: 0 };
const here = path.dirname(fileURLToPath(import.meta.url));
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function machineLoad(): string {
  const pressure = fs.existsSync("/proc/pressure/cpu") ? /avg10=([\d.]+)/.exec(fs.readFileSync("/proc/pressure/cpu", "utf8"))?.[1] : undefined;
  return `load average ${os.loadavg()[0]!.toFixed(1)} on ${os.cpus().length} cores${pressure ? `, CPU pressure ${pressure}%` : ""}`;
}

async function main() {
  const unavailable = await clusterUnavailable();
  if (unavailable) {
    console.log(`SKIPPED: ${unavailable}`);
    return;
  }
  console.log(`Cluster: ${PROCESSES} processes behind HAProxy, ${ROOMS} rooms × ${CLIENTS} typists, ${KEYS_PER_SECOND} keys/s each for ${SECONDS} s; ${machineLoad()}`);
  const judge0 = await startFakeJudge0();
  const database = await freshDatabase("coderoom_cluster_bench");
  const redis = await privateRedis();
  const script = await builtServerMain();
  const { users, roomIds } = await seed(database.url, {
    users: ROOMS * CLIENTS,
    rooms: Array.from({ length: ROOMS }, (_, r) => ({ owner: r * CLIENTS, members: Array.from({ length: CLIENTS }, (_, c) => r * CLIENTS + c) })),
  });
  const cluster = await startCluster({
    processes: PROCESSES,
    dbUrl: database.url,
    redisUrl: redis.url,
    script,
    env: { EXECUTION_BACKEND: "judge0", JUDGE0_URL: judge0.url, MAX_CONNECTIONS_PER_IP: "0" },
  });
  const wire: Wire = { tx: 0, rx: 0 };
  try {
    // Typist i of room r sits on process (r + c) % 3: every room spans all three.
    const typists: { t: Typist; node: number }[] = [];
    /** Yjs client id -> [node, sent time by clock]. */
    const sent = new Map<number, { node: number; at: number[] }>();
    const latency = { same: [] as number[], cross: [] as number[] };
    /** Keystrokes sent from this time on are timed (the warm-up's late deliveries are not). */
    let measuringFrom = Number.POSITIVE_INFINITY;
    for (let r = 0; r < ROOMS; r += 1) {
      for (let c = 0; c < CLIENTS; c += 1) {
        const node = (r + c) % PROCESSES;
        const user = users[r * CLIENTS + c]!;
        const t = typist(
          cluster.proxy.url,
          roomIds[r]!,
          user.token,
          wire,
          (client, clock) => {
            const from = sent.get(client);
            const at = from?.at[clock];
            if (at === undefined || at < measuringFrom) return;
            (from!.node === node ? latency.same : latency.cross).push(performance.now() - at);
          },
          { cookies: cluster.nodes[node]!.sticky, reconnect: true },
        );
        typists.push({ t, node });
      }
      if (r % 10 === 9) await sleep(100);
    }
    await Promise.all(typists.map(({ t }) => t.synced));
    for (const { t, node } of typists) sent.set(t.doc.clientID, { node, at: [] });
    const cursors = typists.map(() => typistCursor());
    const keystroke = (i: number) => {
      const { doc } = typists[i]!.t;
      const text = doc.getText("code");
      sent.get(doc.clientID)!.at[Y.getState(doc.store, doc.clientID)] = performance.now();
      text.insert(cursors[i]!(text.length), randomChar());
    };

    // 1. Latency, same-process and cross-process peers together.
    await typeFor(WARMUP_SECONDS, typists.length, KEYS_PER_SECOND, keystroke);
    measuringFrom = performance.now();
    const keystrokes = await typeFor(SECONDS, typists.length, KEYS_PER_SECOND, keystroke);
    // Late deliveries count too (leaving them out would flatter a slow path): until none arrive for a second.
    for (let seen = -1, waited = 0; seen !== latency.same.length + latency.cross.length && waited < 30; waited += 1) {
      seen = latency.same.length + latency.cross.length;
      await sleep(1000);
    }
    measuringFrom = Number.POSITIVE_INFINITY;

    // 2. kill -9 in the middle of typing.
    const victim = 0;
    const acksAt: { at: number; clocks: Map<number, number> }[] = [];
    const ackTimer = setInterval(() => acksAt.push({ at: performance.now(), clocks: new Map(typists.map(({ t }) => [t.doc.clientID, t.ackedClock])) }), 50);
    const typing = typeFor(2 * KILL_PHASE_SECONDS, typists.length, KEYS_PER_SECOND, keystroke);
    await sleep(KILL_PHASE_SECONDS * 1000);
    const killedAt = performance.now();
    cluster.nodes[victim]!.proc.child.kill("SIGKILL");
    await typing;
    // Everyone reconnected and acknowledged: then the database must catch up.
    const end = Date.now() + 60_000;
    while (typists.some(({ t }) => t.ackedClock < Y.getState(t.doc.store, t.doc.clientID)) && Date.now() < end) await sleep(200);
    clearInterval(ackTimer);
    const unacked = typists.filter(({ t }) => t.ackedClock < Y.getState(t.doc.store, t.doc.clientID)).length;
    const beforeKill = [...acksAt].reverse().find((a) => a.at < killedAt - 500)!.clocks;
    const finalAcked = new Map(typists.map(({ t }) => [t.doc.clientID, t.ackedClock]));
    const missingIn = (doc: Y.Doc, acked: Map<number, number>) => {
      const stored = Y.decodeStateVector(Y.encodeStateVector(doc));
      let missing = 0;
      for (const [client, clock] of acked) missing += Math.max(0, clock - (stored.get(client) ?? 0));
      return missing;
    };
    let lost = { beforeKill: 0, all: 0 };
    const dbEnd = Date.now() + 30_000;
    for (;;) {
      const docs = await Promise.all(roomIds.map((id) => storedDoc(database.url, id)));
      const perRoom = (acked: Map<number, number>) =>
        docs.reduce((n, doc, r) => n + missingIn(doc, new Map(typists.slice(r * CLIENTS, (r + 1) * CLIENTS).map(({ t }) => [t.doc.clientID, acked.get(t.doc.clientID)!]))), 0);
      lost = { beforeKill: perRoom(beforeKill), all: perRoom(finalAcked) };
      docs.forEach((d) => d.destroy());
      if ((lost.beforeKill === 0 && lost.all === 0) || Date.now() > dbEnd) break;
      await sleep(1000);
    }
    const ackedBeforeKill = [...beforeKill.values()].reduce((a, b) => a + b, 0);
    const ackedAll = [...finalAcked.values()].reduce((a, b) => a + b, 0);

    // 3. SIGTERM with clients connected: time to exit.
    const drained = cluster.nodes[1]!;
    const t0 = performance.now();
    drained.proc.child.kill("SIGTERM");
    const code = await drained.proc.exited;
    const drainMs = performance.now() - t0;

    const same = { p50: percentile(latency.same, 50), p99: percentile(latency.same, 99) };
    const cross = { p50: percentile(latency.cross, 50), p99: percentile(latency.cross, 99) };
    console.table([
      { peers: "same process", deliveries: latency.same.length, "p50 ms": +same.p50.toFixed(1), "p99 ms": +same.p99.toFixed(1) },
      { peers: "other process (Redis)", deliveries: latency.cross.length, "p50 ms": +cross.p50.toFixed(1), "p99 ms": +cross.p99.toFixed(1) },
    ]);
    console.log(
      `${keystrokes} keystrokes typed in the measured phase, ${latency.same.length + latency.cross.length} of ${keystrokes * (CLIENTS - 1)} peer deliveries timed; kill -9: ${lost.beforeKill} of ${ackedBeforeKill} keystrokes acknowledged > 0.5 s before it lost, ` +
        `${lost.all} of ${ackedAll} acknowledged by the end lost${unacked ? ` (${unacked} typists still had unacknowledged keystrokes)` : ""}; ` +
        `SIGTERM drain: exit ${code} after ${Math.round(drainMs)} ms`,
    );
    const p99Ratio = cross.p99 / same.p99;
    const verdicts = {
      crossP99: `${ratio(p99Ratio)} × same-process p99 (target <= ${TARGETS.crossOverSameP99}): ${p99Ratio <= TARGETS.crossOverSameP99 ? "MET" : "MISSED"}`,
      lost: `${lost.beforeKill} acknowledged before the kill, ${lost.all} in all (target ${TARGETS.lost}): ${lost.beforeKill === 0 && lost.all === 0 ? "MET" : "MISSED"}`,
      drain: `exit ${code} in ${Math.round(drainMs)} ms`,
    };
    console.log(verdicts);
    console.log(`machine at the end: ${machineLoad()}`);
    fs.mkdirSync(path.join(here, "results"), { recursive: true });
    fs.writeFileSync(
      path.join(here, "results", "cluster.json"),
      `${JSON.stringify({ at: new Date().toISOString(), machine: machineLoad(), rooms: ROOMS, clients: ROOMS * CLIENTS, keysPerSecond: KEYS_PER_SECOND, seconds: SECONDS, same, cross, lost, ackedBeforeKill, ackedAll, drainMs, exitCode: code, verdicts }, null, 2)}\n`,
    );
    typists.forEach(({ t }) => t.close());
  } finally {
    await cluster.close();
    await redis.stop();
    await database.drop();
    await judge0.close();
  }
}

await main();
