// A CodeRoom cluster for the cluster test (src/cluster.process.test.ts) and the cluster bench
// (bench/cluster.bench.ts): a fresh PostgreSQL database, a private Redis, N real server
// processes and HAProxy in front of them, configured from deploy/haproxy.cfg itself.
import { spawn, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import * as Y from "yjs";
import { collabTextName } from "@coderoom/shared/schemas/realtime";
import { openDb } from "../src/db/client";
import { roomMembers, rooms } from "../src/db/schema/rooms";
import { users } from "../src/db/schema/users";
import { loadDocUpdates } from "../src/realtime/collab/doc-store";
import { generateRoomId } from "../src/modules/rooms/room-id";
import { createSession } from "../src/modules/users/sessions";
import { repoRoot } from "../src/paths";
import { SESSION_COOKIE } from "../src/http/auth";
import { servicesUnavailable } from "./test-services";
import { freePort, startServerProcess, type Proc } from "./server-process";

export const HAPROXY_BIN = "/usr/sbin/haproxy";
/** The balancer's sticky cookie (deploy/haproxy.cfg's `cookie` line). */
export const NODE_COOKIE = "CODEROOM_NODE";
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Why the cluster cannot run here (HAProxy, redis-server or PostgreSQL missing), or null. */
export const clusterUnavailable = () => servicesUnavailable({ binaries: [HAPROXY_BIN, "redis-server"] });

export interface SeededUser {
  id: string;
  token: string;
  /** The session cookie alone (`coderoom_session=...`). */
  cookie: string;
}

/** Users with sessions and rooms (every user a member of every room it is given), written straight to the database. */
export async function seed(dbUrl: string, spec: { users: number; rooms?: { owner: number; members: number[]; code?: string }[] }): Promise<{ users: SeededUser[]; roomIds: string[] }> {
  const db = await openDb({ url: dbUrl });
  try {
    const made = await db.db
      .insert(users)
      .values(Array.from({ length: spec.users }, (_, i) => ({ fullName: `Member ${i}`, email: `member-${i}-${randomBytes(4).toString("hex")}@cluster.test` })))
      .returning();
    const seeded: SeededUser[] = [];
    for (const u of made) {
      const token = await createSession(db.db, { userId: u.id, ttlMs: 86_400_000, now: new Date() });
      seeded.push({ id: u.id, token, cookie: `${SESSION_COOKIE}=${token}` });
    }
    const roomIds: string[] = [];
    for (const r of spec.rooms ?? []) {
      const id = generateRoomId();
      await db.db.insert(rooms).values({ id, name: `Cluster room ${roomIds.length}`, languageId: 71, languageName: "Python (3.8.1)", ownerId: made[r.owner]!.id, code: r.code ?? "", anyoneCanEdit: true });
      const members = [...new Set([r.owner, ...r.members])];
      await db.db.insert(roomMembers).values(members.map((m) => ({ roomId: id, userId: made[m]!.id })));
      roomIds.push(id);
    }
    return { users: seeded, roomIds };
  } finally {
    await db.close();
  }
}

/** The room's text as a process opening it now would load it from the database (the server's own loader). */
export async function storedDoc(dbUrl: string, roomId: string): Promise<Y.Doc> {
  const db = await openDb({ url: dbUrl });
  try {
    const doc = new Y.Doc();
    const updates = (await loadDocUpdates(db.db, roomId)) ?? [];
    doc.transact(() => updates.forEach((u) => Y.applyUpdate(doc, u)));
    return doc;
  } finally {
    await db.close();
  }
}

export async function storedText(dbUrl: string, roomId: string): Promise<string> {
  const doc = await storedDoc(dbUrl, roomId);
  const text = doc.getText(collabTextName).toString();
  doc.destroy();
  return text;
}

/** A redis-server of our own on a free port (no persistence), which a test may stop and start again. */
export async function privateRedis(): Promise<{ url: string; stop(): Promise<void>; start(): Promise<void> }> {
  const port = await freePort();
  let child: ChildProcess | null = null;
  const start = async () => {
    child = spawn("redis-server", ["--port", String(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no"], { stdio: "ignore" });
    for (let i = 0; i < 200; i += 1) {
      if (await canConnect(port)) return;
      await sleep(50);
    }
    throw new Error("redis-server did not start");
  };
  const stop = async () => {
    const c = child;
    child = null;
    if (!c || c.exitCode !== null) return;
    const exited = new Promise((r) => c.once("exit", r));
    c.kill("SIGKILL");
    await exited;
  };
  await start();
  return { url: `redis://127.0.0.1:${port}`, stop, start };
}

function canConnect(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const s = net.connect(port, "127.0.0.1");
    s.once("connect", () => {
      s.destroy();
      resolve(true);
    });
    s.once("error", () => resolve(false));
  });
}

/**
 * deploy/haproxy.cfg made to run here: the frontend binds `bindPort` on 127.0.0.1, the file's
 * server lines (in order) point at `ports`, an admin socket tells the test the servers'
 * states, maxconn fits this host's open-file limit, and each response names the server that answered (X-Served-By). Everything else,
 * cookies, timeouts, checks, is the file's own.
 */
export function haproxyConfig(template: string, opts: { bindPort: number; ports: number[]; adminSocket: string; replace?: [RegExp, string][] }): string {
  let servers = 0;
  let cfg = template
    .replace(/^(\s*bind\s+)\S+/m, `$1127.0.0.1:${opts.bindPort}`)
    .replace(/^(\s*server\s+\S+\s+)\S+/gm, (line, head: string) => {
      const port = opts.ports[servers++];
      return port === undefined ? `#${line}` : `${head}127.0.0.1:${port}`;
    })
    .replace(/^global\s*$/m, `global\n    stats socket ${opts.adminSocket} mode 600 level admin`)
    // HAProxy needs about 2 descriptors per connection and may not raise the limit here (a container's).
    .replace(/^(\s*maxconn\s+)\d+/m, `$1${Math.floor(fdLimit() / 2) - 100}`)
    .replace(/^(backend\s+\S+\s*)$/m, "$1\n    http-response set-header X-Served-By %[srv_name]");
  if (servers < opts.ports.length) throw new Error(`deploy/haproxy.cfg has ${servers} server lines, ${opts.ports.length} needed`);
  for (const [re, to] of opts.replace ?? []) {
    if (!re.test(cfg)) throw new Error(`deploy/haproxy.cfg has no ${re}`);
    cfg = cfg.replace(re, to);
  }
  return cfg;
}

/** This process's open-file limit (HAProxy inherits it). */
function fdLimit(): number {
  const limits = fs.readFileSync("/proc/self/limits", "utf8");
  const n = Number(/Max open files\s+(\d+)/.exec(limits)?.[1] ?? 4096);
  return Math.min(n, 40_000);
}

export interface Haproxy {
  url: string;
  port: number;
  output(): string;
  /** Each server's status as HAProxy sees it (UP, DOWN, MAINT, "UP 1/2", ...). */
  states(): Promise<Record<string, string>>;
  /** Polls until `name`'s status starts with `status`. */
  waitFor(name: string, status: string, ms?: number): Promise<void>;
  stop(): Promise<void>;
}

/** Starts HAProxy (foreground) on `port` with deploy/haproxy.cfg pointed at `ports`; resolves once it listens. */
export async function startHaproxy(port: number, ports: number[], replace: [RegExp, string][] = []): Promise<Haproxy> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "coderoom-haproxy-"));
  const adminSocket = path.join(dir, "admin.sock");
  const template = fs.readFileSync(path.join(repoRoot, "deploy/haproxy.cfg"), "utf8");
  const cfgPath = path.join(dir, "haproxy.cfg");
  fs.writeFileSync(cfgPath, haproxyConfig(template, { bindPort: port, ports, adminSocket, replace }));
  const child = spawn(HAPROXY_BIN, ["-db", "-f", cfgPath], { stdio: ["ignore", "pipe", "pipe"] });
  let out = "";
  child.stdout!.on("data", (d: Buffer) => (out = (out + d.toString()).slice(-200_000)));
  child.stderr!.on("data", (d: Buffer) => (out = (out + d.toString()).slice(-200_000)));
  const exited = new Promise((r) => child.once("exit", r));
  for (let i = 0; !(await canConnect(port)); i += 1) {
    if (child.exitCode !== null || i > 200) throw new Error(`haproxy did not start:\n${out}`);
    await sleep(50);
  }
  const states = async () => {
    const csv = await adminCommand(adminSocket, "show stat");
    const lines = csv.split("\n").filter((l) => l && !l.startsWith("#"));
    const result: Record<string, string> = {};
    for (const l of lines) {
      const f = l.split(",");
      if (f[1] !== "FRONTEND" && f[1] !== "BACKEND") result[f[1]!] = f[17]!;
    }
    return result;
  };
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    output: () => out,
    states,
    async waitFor(name, status, ms = 30_000) {
      const end = Date.now() + ms;
      for (;;) {
        const now = (await states())[name];
        if (now?.startsWith(status)) return;
        if (Date.now() > end) throw new Error(`haproxy: ${name} is ${now}, not ${status}, after ${ms} ms`);
        await sleep(100);
      }
    },
    async stop() {
      if (child.exitCode === null) child.kill("SIGTERM");
      await exited;
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

function adminCommand(socketPath: string, command: string): Promise<string> {
  return new Promise((resolve, reject) => {
    let out = "";
    const s = net.connect(socketPath, () => s.write(`${command}\n`));
    s.on("data", (d: Buffer) => (out += d.toString()));
    s.on("end", () => resolve(out));
    s.on("error", reject);
  });
}

export interface ClusterNode {
  /** HAProxy's name for it (app1, app2, ...): its sticky cookie's value. */
  name: string;
  port: number;
  /** Straight to the process, not through HAProxy. */
  url: string;
  proc: Proc;
  /** `CODEROOM_NODE=<name>`: through HAProxy, a request with it reaches this process while it is up. */
  sticky: string;
}

export interface ClusterOptions {
  processes: number;
  dbUrl: string;
  redisUrl: string;
  /** More settings, the same on every process. */
  env?: Record<string, string>;
  /** The server script: src/main.ts under tsx by default, or a built main.js. */
  script?: string;
}

export interface Cluster {
  nodes: ClusterNode[];
  proxy: Haproxy;
  /** Starts process `i` again (same port, settings and data folder) after it exited. */
  restart(i: number): Promise<void>;
  /** Every process's output, for a failing test's message. */
  output(): string;
  close(): Promise<void>;
}

/** Starts `processes` servers on one database and Redis, then HAProxy in front of them; every server is UP in HAProxy when it resolves. */
export async function startCluster(opts: ClusterOptions): Promise<Cluster> {
  const prefix = `cluster-${randomBytes(4).toString("hex")}`;
  const ports = await Promise.all(Array.from({ length: opts.processes }, () => freePort()));
  const proxyPort = await freePort();
  const dataDirs = ports.map(() => fs.mkdtempSync(path.join(os.tmpdir(), "coderoom-cluster-")));
  const envOf = (i: number) => ({
    PORT: String(ports[i]),
    DATA_DIR: dataDirs[i]!,
    DATABASE_URL: opts.dbUrl,
    REDIS_URL: opts.redisUrl,
    REDIS_PREFIX: prefix,
    PUBLIC_URL: `http://127.0.0.1:${proxyPort}`,
    TRUST_PROXY: "127.0.0.1",
    LOG_LEVEL: "warn",
    ...opts.env,
  });
  const start = (i: number) => startServerProcess(envOf(i), { script: opts.script, readyMs: 180_000 });
  const procs: Proc[] = [];
  const nodes: ClusterNode[] = [];
  let proxy: Haproxy | undefined;
  const close = async () => {
    await proxy?.stop();
    await Promise.all(nodes.map((n) => n.proc.stop()));
    for (const d of dataDirs) fs.rmSync(d, { recursive: true, force: true });
  };
  try {
    const started = await Promise.allSettled(ports.map((_, i) => start(i)));
    started.forEach((s, i) => {
      if (s.status === "fulfilled") procs[i] = s.value;
    });
    const failed = started.find((s) => s.status === "rejected");
    if (failed) throw (failed as PromiseRejectedResult).reason;
    ports.forEach((port, i) => {
      const name = `app${i + 1}`;
      nodes.push({ name, port, url: `http://127.0.0.1:${port}`, proc: procs[i]!, sticky: `${NODE_COOKIE}=${name}` });
    });
    proxy = await startHaproxy(proxyPort, ports);
    for (const n of nodes) await proxy.waitFor(n.name, "UP", 60_000);
  } catch (err) {
    for (const p of procs) await p?.stop();
    await proxy?.stop();
    for (const d of dataDirs) fs.rmSync(d, { recursive: true, force: true });
    throw err;
  }
  return {
    nodes,
    proxy: proxy!,
    async restart(i) {
      const node = nodes[i]!;
      if (node.proc.child.exitCode === null && node.proc.child.signalCode === null) throw new Error(`${node.name} is still running`);
      node.proc = await start(i);
    },
    output: () => nodes.map((n) => `── ${n.name} (port ${n.port}):\n${n.proc.output().slice(-20_000)}`).join("\n"),
    close,
  };
}

/** Headers of a same-site browser request with these cookies (and JSON). */
export function browserHeaders(...cookies: string[]): Record<string, string> {
  return { "content-type": "application/json", "sec-fetch-site": "same-origin", cookie: cookies.filter(Boolean).join("; ") };
}
