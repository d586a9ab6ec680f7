// Issue 41: one /collab client floods 50,000 one-character Yjs updates as fast as it can
// while another types normally; /healthz latency during the flood next to a baseline
// without it (same run), how much of the flood was applied, and the typist's keystroke
// round-trip (insert until the server's acknowledgement). The server is bundled as
// `npm start` runs it. Target: /healthz p99 under 100 ms during the flood.
import { spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { createInterface } from "node:readline";
import { fileURLToPath } from "node:url";
import { HocuspocusProvider, HocuspocusProviderWebsocket } from "@hocuspocus/provider";
import WebSocket from "ws";
import { builtBenchServer, startFlags } from "./built-server";
import { processUsage } from "./collab-clients";
import { percentile, round } from "./stats";

const FLOOD = 50_000;
const WINDOW_MS = 6_000;
const HEALTH_EVERY_MS = 20;
const TYPE_EVERY_MS = 100;
const P99_TARGET_MS = 100;

interface Ready {
  url: string;
  roomId: string;
  flooder: string;
  typist: string;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function client(ready: Ready, cookie: string): HocuspocusProvider {
  class CookieSocket extends WebSocket {
    constructor(address: string, protocols?: string | string[]) {
      super(address, protocols, { headers: { cookie } });
    }
  }
  const websocketProvider = new HocuspocusProviderWebsocket({ url: `${ready.url.replace(/^http/, "ws")}/collab`, WebSocketPolyfill: CookieSocket, maxAttempts: 1 });
  const provider = new HocuspocusProvider({ name: ready.roomId, websocketProvider, token: "session-cookie" });
  provider.attach();
  return provider;
}

async function synced(p: HocuspocusProvider) {
  while (!p.isSynced) await sleep(20);
}

/** GET /healthz one after another for `ms`; returns each latency. */
async function healthLatencies(url: string, ms: number): Promise<number[]> {
  const out: number[] = [];
  const end = Date.now() + ms;
  while (Date.now() < end) {
    const t = performance.now();
    await (await fetch(`${url}/healthz`)).arrayBuffer();
    out.push(performance.now() - t);
    await sleep(HEALTH_EVERY_MS);
  }
  return out;
}

/** Types one character every TYPE_EVERY_MS for `ms`; returns each keystroke's round-trip to the server's ack. */
async function typeFor(p: HocuspocusProvider, ms: number): Promise<number[]> {
  const out: number[] = [];
  const text = p.document.getText("code");
  const end = Date.now() + ms;
  while (Date.now() < end) {
    const t = performance.now();
    text.insert(text.length, "n");
    while (p.hasUnsyncedChanges && Date.now() < end + 5_000) await sleep(1);
    out.push(performance.now() - t);
    await sleep(TYPE_EVERY_MS);
  }
  return out;
}

const summary = (values: number[]) => ({ n: values.length, p50_ms: round(percentile(values, 50)), p99_ms: round(percentile(values, 99)), max_ms: round(Math.max(...values)) });

const serverScript = fileURLToPath(new URL("collab-flood-server.ts", import.meta.url));
const floodScript = fileURLToPath(new URL("collab-flooder.ts", import.meta.url));
const child = spawn(process.execPath, [...startFlags, await builtBenchServer(serverScript)], { stdio: ["pipe", "pipe", "inherit"] });
const serverLines = createInterface({ input: child.stdout })[Symbol.asyncIterator]();
const ready = JSON.parse((await serverLines.next()).value as string) as Ready;
/** The server's event-loop delay since the last call (resets it). */
async function serverLoop(): Promise<{ loopP99Ms: number; loopMaxMs: number }> {
  child.stdin.write("report\nreset\n");
  const figures = JSON.parse((await serverLines.next()).value as string) as { loopP99Ms: number; loopMaxMs: number };
  return { loopP99Ms: round(figures.loopP99Ms), loopMaxMs: round(figures.loopMaxMs) };
}
try {
  const typist = client(ready, ready.typist);
  await synced(typist);
  // Warm-up, then the baseline: the typist alone.
  await Promise.all([healthLatencies(ready.url, 1_000), typeFor(typist, 1_000)]);
  const rssBefore = processUsage(child.pid!).rssMb;
  await serverLoop();
  const [baseHealth, baseKeys] = await Promise.all([healthLatencies(ready.url, WINDOW_MS / 2), typeFor(typist, WINDOW_MS / 2)]);
  const baseLoop = await serverLoop();

  const flooder = spawn(process.execPath, ["--import", "tsx", floodScript], {
    env: { ...process.env, FLOOD_URL: ready.url, FLOOD_ROOM: ready.roomId, FLOOD_COOKIE: ready.flooder, FLOOD: String(FLOOD) },
    stdio: ["ignore", "pipe", "inherit"],
  });
  const lines = createInterface({ input: flooder.stdout })[Symbol.asyncIterator]();
  await lines.next(); // connected: the flood starts now
  const cpuBefore = processUsage(child.pid!).cpuSeconds;
  const [floodHealth, floodKeys] = await Promise.all([healthLatencies(ready.url, WINDOW_MS), typeFor(typist, WINDOW_MS)]);
  const floodLoop = await serverLoop();
  const serverCpuMs = round((processUsage(child.pid!).cpuSeconds - cpuBefore) * 1000);
  const flood = JSON.parse((await lines.next()).value as string) as { sent: number; sentInMs: number };
  const applied = [...typist.document.getText("code").toString()].filter((c) => c === "f").length;
  const usage = processUsage(child.pid!);
  typist.destroy();
  typist.configuration.websocketProvider.destroy();

  const rows = {
    baseline: { healthz: summary(baseHealth), keystroke: summary(baseKeys), server_event_loop: baseLoop },
    flood: { healthz: summary(floodHealth), keystroke: summary(floodKeys), server_event_loop: floodLoop, server_cpu_ms: serverCpuMs, updates_sent: flood.sent, sent_in_ms: round(flood.sentInMs), updates_applied: applied },
    server: { rss_before_mb: round(rssBefore), rss_after_mb: round(usage.rssMb), peak_rss_mb: round(usage.peakRssMb) },
  };
  const verdict = rows.flood.healthz.p99_ms < P99_TARGET_MS ? "met" : "MISSED";
  console.table({
    "baseline /healthz": rows.baseline.healthz,
    "flood /healthz": rows.flood.healthz,
    "baseline keystroke": rows.baseline.keystroke,
    "flood keystroke": rows.flood.keystroke,
  });
  console.log(`  flood: ${flood.sent} of ${FLOOD} updates sent in ${rows.flood.sent_in_ms} ms, ${applied} applied; server RSS ${rows.server.rss_before_mb} -> ${rows.server.rss_after_mb} MB`);
  console.log(`  server CPU during the ${WINDOW_MS / 1000} s flood window: ${serverCpuMs} ms`);
  console.log(`  server event loop p99/max: baseline ${baseLoop.loopP99Ms}/${baseLoop.loopMaxMs} ms, flood ${floodLoop.loopP99Ms}/${floodLoop.loopMaxMs} ms`);
  console.log(`  /healthz p99 during the flood under ${P99_TARGET_MS} ms: ${verdict}`);
  const here = path.dirname(fileURLToPath(import.meta.url));
  fs.mkdirSync(path.join(here, "results"), { recursive: true });
  fs.writeFileSync(path.join(here, "results", "collab-flood.json"), `${JSON.stringify({ at: new Date().toISOString(), ...rows, verdict }, null, 2)}\n`);
} finally {
  child.kill("SIGTERM");
}
