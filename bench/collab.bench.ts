// Live co-editing under load: ROOMS rooms × 5 clients (real @hocuspocus/provider over /collab,
// 1,000 connections by default) each typing 5 keystrokes/s for SECONDS against one server
// process. Reports keystroke-to-peer latency p50/p95/p99, server CPU and RSS, bytes on the
// wire per keystroke and whether every room converged; baseline in the same run: the
// original full-text relay on the same 20 KB document (fewer rooms: at full load it would
// need ~500 MB/s). Targets: p99 <= 50 ms, every room converged, bytes/keystroke <= 1/50 of
// the baseline. COLLAB_BENCH_SECONDS, COLLAB_BENCH_ROOMS, COLLAB_BENCH_BASELINE_ROOMS shorten it.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { monitorEventLoopDelay, performance } from "node:perf_hooks";
import { fileURLToPath } from "node:url";
import type { HocuspocusProvider } from "@hocuspocus/provider";
import type { Socket } from "socket.io-client";
import * as Y from "yjs";
import { crdtClient, itemKeys, naiveClient, percentile, processUsage, startChild, type Wire } from "./collab-clients";

const SECONDS = Number(process.env.COLLAB_BENCH_SECONDS ?? 60);
const ROOMS = Number(process.env.COLLAB_BENCH_ROOMS ?? 200);
const BASELINE_ROOMS = Number(process.env.COLLAB_BENCH_BASELINE_ROOMS ?? 20);
const BASELINE_SECONDS = Math.min(SECONDS, 15);
const CLIENTS = 5;
const KEYS_PER_SECOND = 5;
const TARGETS = { p99Ms: 50, bytesRatio: 1 / 50 };
const here = path.dirname(fileURLToPath(import.meta.url));
const serverScript = path.join(here, "../apps/server/test/realtime-server-child.ts");
const naiveScript = path.join(here, "collab-naive-server.ts");
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** A 20 KB program-like document. */
function document20k(): string {
  const lines: string[] = [];
  for (let i = 0; lines.join("\n").length < 20 * 1024; i += 1) lines.push(`def function_${i}(x):\n    return x * ${i} + ${i % 7}  # line ${i}`);
  return `${lines.join("\n")}\n`.slice(0, 20 * 1024);
}
const randomChar = () => String.fromCharCode(97 + Math.floor(Math.random() * 26));

interface Row {
  run: string;
  connections: number;
  seconds: number;
  keystrokes: number;
  "p50 ms": number;
  "p95 ms": number;
  "p99 ms": number;
  "bytes/keystroke": number;
  "server CPU %": number;
  "server RSS MB": number;
  converged: string;
}

/** Types on every client at 5 keys/s for `seconds`; returns the keystroke count. */
async function typeFor(seconds: number, clients: number, keystroke: (client: number) => void): Promise<number> {
  let keystrokes = 0;
  const timers: NodeJS.Timeout[] = [];
  for (let c = 0; c < clients; c += 1) {
    const start = setTimeout(() => {
      timers.push(
        setInterval(() => {
          keystroke(c);
          keystrokes += 1;
        }, 1000 / KEYS_PER_SECOND),
      );
    }, Math.random() * (1000 / KEYS_PER_SECOND));
    timers.push(start);
  }
  await sleep(seconds * 1000);
  timers.forEach((t) => clearInterval(t));
  return keystrokes;
}

async function crdtRun(doc: string): Promise<Row> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "coderoom-collab-bench-"));
  const { child, ready } = await startChild(serverScript, {
    DATA_DIR: dataDir,
    SEED_USERS: String(ROOMS * CLIENTS),
    SEED_ROOMS: String(ROOMS),
    SEED_CODE: doc,
    MAX_CONNECTIONS_PER_IP: "0",
    LOG_LEVEL: "warn",
  });
  const { port, tokens, roomIds, pid } = ready as { port: number; tokens: string[]; roomIds: string[]; pid: number };
  const url = `http://127.0.0.1:${port}`;
  const wire: Wire = { tx: 0, rx: 0 };
  const sent = new Map<string, number>();
  const latencies: number[] = [];
  const providers: HocuspocusProvider[] = [];
  for (let r = 0; r < ROOMS; r += 1) {
    for (let c = 0; c < CLIENTS; c += 1) {
      const p = crdtClient(url, roomIds[r]!, tokens[r * CLIENTS + c]!, wire);
      p.document.on("update", (update: Uint8Array, origin: unknown) => {
        if (origin !== p) return;
        const now = performance.now();
        for (const key of itemKeys(update)) {
          const at = sent.get(key);
          if (at !== undefined) latencies.push(now - at);
        }
      });
      providers.push(p);
    }
    // Connect in waves so the handshakes do not all queue at once.
    if (r % 20 === 19) await sleep(200);
  }
  const syncDeadline = Date.now() + 120_000;
  while (!providers.every((p) => p.isSynced)) {
    if (Date.now() > syncDeadline) throw new Error("clients did not sync within 120 s");
    await sleep(200);
  }
  wire.tx = 0;
  wire.rx = 0;
  const before = processUsage(pid);
  process.kill(pid, "SIGUSR2");
  const clientLag = monitorEventLoopDelay({ resolution: 10 });
  clientLag.enable();
  const t0 = performance.now();
  const keystrokes = await typeFor(SECONDS, providers.length, (i) => {
    const ydoc = providers[i]!.document;
    const text = ydoc.getText("code");
    text.insert(Math.floor(Math.random() * (text.length + 1)), randomChar());
    sent.set(`${ydoc.clientID}:${Y.getState(ydoc.store, ydoc.clientID) - 1}`, performance.now());
  });
  const elapsed = (performance.now() - t0) / 1000;
  const after = processUsage(pid);
  const bytes = wire.tx + wire.rx;
  clientLag.disable();
  console.log(`load generator event-loop delay p99 ${(clientLag.percentile(99) / 1e6).toFixed(1)} ms (its own share of the latency)`);

  let converged = 0;
  const convergeDeadline = Date.now() + 30_000;
  while (Date.now() < convergeDeadline) {
    converged = 0;
    for (let r = 0; r < ROOMS; r += 1) {
      const texts = providers.slice(r * CLIENTS, (r + 1) * CLIENTS).map((p) => p.document.getText("code").toString());
      if (texts.every((t) => t === texts[0])) converged += 1;
    }
    if (converged === ROOMS) break;
    await sleep(250);
  }
  providers.forEach((p) => {
    p.configuration.websocketProvider.destroy();
    p.destroy();
  });
  child.kill("SIGTERM");
  await new Promise((r) => child.once("exit", r));
  fs.rmSync(dataDir, { recursive: true, force: true });
  latencies.sort((a, b) => a - b);
  return {
    run: "Yjs over /collab (ours)",
    connections: providers.length,
    seconds: Math.round(elapsed),
    keystrokes,
    "p50 ms": +percentile(latencies, 50).toFixed(1),
    "p95 ms": +percentile(latencies, 95).toFixed(1),
    "p99 ms": +percentile(latencies, 99).toFixed(1),
    "bytes/keystroke": Math.round(bytes / keystrokes),
    "server CPU %": Math.round(((after.cpuSeconds - before.cpuSeconds) / elapsed) * 100),
    "server RSS MB": Math.round(after.peakRssMb),
    converged: `${converged}/${ROOMS}`,
  };
}

async function baselineRun(doc: string): Promise<Row> {
  const { child, ready } = await startChild(naiveScript, {});
  const { port, pid } = ready as { port: number; pid: number };
  const url = `http://127.0.0.1:${port}`;
  const wire: Wire = { tx: 0, rx: 0 };
  const latencies: number[] = [];
  const texts: string[] = [];
  const sentAt = new Map<string, number>();
  const sockets: Socket[] = [];
  for (let r = 0; r < BASELINE_ROOMS; r += 1) {
    for (let c = 0; c < CLIENTS; c += 1) {
      const i = sockets.length;
      texts.push(doc);
      const s = naiveClient(url, `R${r}`, wire);
      s.on("codeUpdate", (code: string) => {
        const at = sentAt.get(code);
        if (at !== undefined) latencies.push(performance.now() - at);
        texts[i] = code;
      });
      sockets.push(s);
    }
  }
  while (!sockets.every((s) => s.connected)) await sleep(100);
  await sleep(300);
  wire.tx = 0;
  wire.rx = 0;
  const before = processUsage(pid);
  const t0 = performance.now();
  const keystrokes = await typeFor(BASELINE_SECONDS, sockets.length, (i) => {
    const t = texts[i]!;
    const at = Math.floor(Math.random() * (t.length + 1));
    texts[i] = t.slice(0, at) + randomChar() + t.slice(at);
    sentAt.set(texts[i]!, performance.now());
    sockets[i]!.emit("codeChange", { code: texts[i] });
  });
  const elapsed = (performance.now() - t0) / 1000;
  const after = processUsage(pid);
  await sleep(1000);
  let converged = 0;
  for (let r = 0; r < BASELINE_ROOMS; r += 1) {
    const room = texts.slice(r * CLIENTS, (r + 1) * CLIENTS);
    if (room.every((t) => t === room[0])) converged += 1;
  }
  sockets.forEach((s) => s.close());
  child.kill("SIGTERM");
  latencies.sort((a, b) => a - b);
  return {
    run: "full-text relay (original)",
    connections: sockets.length,
    seconds: Math.round(elapsed),
    keystrokes,
    "p50 ms": +percentile(latencies, 50).toFixed(1),
    "p95 ms": +percentile(latencies, 95).toFixed(1),
    "p99 ms": +percentile(latencies, 99).toFixed(1),
    "bytes/keystroke": Math.round((wire.tx + wire.rx) / keystrokes),
    "server CPU %": Math.round(((after.cpuSeconds - before.cpuSeconds) / elapsed) * 100),
    "server RSS MB": Math.round(after.peakRssMb),
    converged: `${converged}/${BASELINE_ROOMS} (last writer wins)`,
  };
}

const doc = document20k();
/** How busy the machine is besides us: latency figures mean little when the CPU is oversubscribed. */
function machineLoad(): string {
  const pressure = fs.existsSync("/proc/pressure/cpu") ? /avg10=([\d.]+)/.exec(fs.readFileSync("/proc/pressure/cpu", "utf8"))?.[1] : undefined;
  return `load average ${os.loadavg()[0]!.toFixed(1)} on ${os.cpus().length} cores${pressure ? `, CPU pressure ${pressure}%` : ""}`;
}

console.log(`Collaboration: ${ROOMS} rooms × ${CLIENTS} clients, ${KEYS_PER_SECOND} keys/s each for ${SECONDS} s, 20 KB document; ${machineLoad()}`);
const ours = await crdtRun(doc);
const baseline = await baselineRun(doc);
console.table([ours, baseline]);
const ratio = ours["bytes/keystroke"] / baseline["bytes/keystroke"];
const verdicts = {
  p99: `${ours["p99 ms"]} ms (target <= ${TARGETS.p99Ms}): ${ours["p99 ms"] <= TARGETS.p99Ms ? "MET" : "MISSED"}`,
  converged: `${ours.converged}: ${ours.converged === `${ROOMS}/${ROOMS}` ? "MET" : "MISSED"}`,
  bytes: `1/${Math.round(1 / ratio)} of the baseline (target <= 1/50): ${ratio <= TARGETS.bytesRatio ? "MET" : "MISSED"}`,
};
console.log(verdicts);
console.log(`machine at the end: ${machineLoad()}`);
fs.mkdirSync(path.join(here, "results"), { recursive: true });
fs.writeFileSync(path.join(here, "results", "collab.json"), `${JSON.stringify({ at: new Date().toISOString(), machine: machineLoad(), ours, baseline, verdicts }, null, 2)}\n`);
