// Helpers of collab.bench.ts: starting its child processes, reading their CPU and memory,
// the naive full-text client of the baseline relay, typing schedules and percentiles
// (the CRDT typists are in collab-typist.ts).
import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import readline from "node:readline";
import { io as ioClient, type Socket } from "socket.io-client";

export interface Wire {
  tx: number;
  rx: number;
}

/** Starts a child server (a .ts under tsx, or a built .js; with these node flags) and resolves with its JSON ready line. */
export function startChild(
  script: string,
  env: Record<string, string>,
  flags: string[] = [],
): Promise<{ child: ChildProcess; ready: Record<string, unknown> }> {
  // e.g. COLLAB_BENCH_NODE_ARGS="--cpu-prof --cpu-prof-dir=/tmp/prof" to profile the servers.
  const nodeArgs = (process.env.COLLAB_BENCH_NODE_ARGS ?? "").split(" ").filter(Boolean);
  const loader = script.endsWith(".ts") ? ["--import", "tsx"] : [];
  const child = spawn(process.execPath, [...flags, ...nodeArgs, ...loader, script], { env: { ...process.env, ...env }, stdio: ["ignore", "pipe", "inherit"] });
  return new Promise((resolve, reject) => {
    readline.createInterface({ input: child.stdout! }).once("line", (line) => resolve({ child, ready: JSON.parse(line) }));
    child.once("exit", (code) => reject(new Error(`${script} exited (${code})`)));
  });
}

/** CPU seconds (user + system) and resident memory of a process, from /proc. */
export function processUsage(pid: number): { cpuSeconds: number; rssMb: number; peakRssMb: number } {
  const stat = fs.readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]!.split(" ");
  const ticks = Number(stat[11]) + Number(stat[12]);
  const status = fs.readFileSync(`/proc/${pid}/status`, "utf8");
  const kb = (key: string) => Number(new RegExp(`${key}:\\s+(\\d+)`).exec(status)?.[1] ?? 0);
  return { cpuSeconds: ticks / 100, rssMb: kb("VmRSS") / 1024, peakRssMb: kb("VmHWM") / 1024 };
}

/** A naive full-text client on the relay, counting bytes through engine.io packet events. */
export function naiveClient(url: string, roomId: string, wire: Wire): Socket {
  const socket = ioClient(`${url}/editor`, { transports: ["websocket"], forceNew: true });
  socket.on("connect", () => {
    const engine = socket.io.engine;
    engine.on("packetCreate", (p: { data?: unknown }) => {
      wire.tx += typeof p.data === "string" ? Buffer.byteLength(p.data) : 0;
    });
    engine.on("packet", (p: { data?: unknown }) => {
      wire.rx += typeof p.data === "string" ? Buffer.byteLength(p.data) : 0;
    });
    socket.emit("join", { roomId });
  });
  return socket;
}

/** Types on every client at `keysPerSecond` for `seconds` (starts staggered); returns the keystroke count. */
export async function typeFor(seconds: number, clients: number, keysPerSecond: number, keystroke: (client: number) => void): Promise<number> {
  let keystrokes = 0;
  const timers: NodeJS.Timeout[] = [];
  const every = 1000 / keysPerSecond;
  for (let c = 0; c < clients; c += 1) {
    const start = setTimeout(() => {
      timers.push(
        setInterval(() => {
          keystroke(c);
          keystrokes += 1;
        }, every),
      );
    }, Math.random() * every);
    timers.push(start);
  }
  await new Promise((r) => setTimeout(r, seconds * 1000));
  timers.forEach((t) => clearInterval(t));
  return keystrokes;
}

export const randomChar = () => String.fromCharCode(97 + Math.floor(Math.random() * 26));

/**
 * Where a typist's next keystroke goes: after its previous one, as people type, and now and
 * then (1 in 20) somewhere else in the document, as when they click elsewhere. Peers' edits
 * before the cursor shift it a little, as a sloppy typist would.
 */
export function typistCursor(): (length: number) => number {
  let cursor = -1;
  return (length) => {
    if (cursor < 0 || cursor > length || Math.random() < 0.05) cursor = Math.floor(Math.random() * (length + 1));
    return cursor++;
  };
}
