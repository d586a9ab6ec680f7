import { randomBytes } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, expect, it } from "vitest";
import { Hocuspocus, IncomingMessage, MessageType } from "@hocuspocus/server";
import { HocuspocusProvider, HocuspocusProviderWebsocket } from "@hocuspocus/provider";
import IORedis from "ioredis";
import { messageYjsSyncStep2, messageYjsUpdate } from "y-protocols/sync";
import WebSocket, { WebSocketServer } from "ws";
import * as Y from "yjs";
import { createRedisClient } from "../../coordination/redis-client";
import { sharedRedisUrl } from "../../../test/test-services";
import { closeCollab, until } from "../../../test/realtime-harness";
import { redisRelay } from "./redis-relay";

// Two Hocuspocus "processes" in this test process, each with the relay on the real Redis,
// and a third subscriber that watches a document's channel.

const prefix = `relay-test-${randomBytes(4).toString("hex")}:hocuspocus`;
const quiet = { error: () => undefined, warn: () => undefined };
const errors: unknown[] = [];
let skipReason: string | null = null;
const servers: Array<{ hocuspocus: Hocuspocus; url: string; close(): Promise<void> }> = [];
const clients: Array<() => void> = [];
const watchers: IORedis[] = [];

async function startProcess() {
  const pub = createRedisClient(sharedRedisUrl, "relay-test", quiet).client;
  const sub = createRedisClient(sharedRedisUrl, "relay-test", quiet).client;
  const relay = redisRelay({ pub, sub, prefix, log: (err) => errors.push(err) });
  // As collab-server.ts configures it.
  const hocuspocus = new Hocuspocus({ quiet: true, extensions: [relay], unloadImmediately: true });
  const server = http.createServer();
  const wss = new WebSocketServer({ server });
  wss.on("connection", (ws, req) => hocuspocus.handleConnection(ws, req));
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    hocuspocus,
    url: `ws://127.0.0.1:${(server.address() as AddressInfo).port}`,
    async close() {
      hocuspocus.closeConnections();
      wss.close();
      await new Promise((resolve) => server.close(resolve));
      await hocuspocus.hooks("onDestroy", { instance: hocuspocus });
    },
  };
}

beforeAll(async () => {
  const probe = new IORedis(sharedRedisUrl, { lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null });
  probe.on("error", () => undefined);
  try {
    await probe.connect();
    await probe.ping();
  } catch (err) {
    skipReason = `Redis (${sharedRedisUrl}) is not available: ${(err as Error).message}`;
    console.warn(`SKIPPED Redis relay tests: ${skipReason}`);
    return;
  } finally {
    probe.disconnect();
  }
  servers.push(await startProcess(), await startProcess());
});

afterAll(async () => {
  for (const close of clients) close();
  for (const w of watchers) w.disconnect();
  await Promise.all(servers.map((s) => s.close()));
  expect(errors).toEqual([]);
});

function client(url: string, name: string) {
  const socket = new HocuspocusProviderWebsocket({ url, WebSocketPolyfill: WebSocket, maxAttempts: 1 });
  const provider = new HocuspocusProvider({ name, websocketProvider: socket });
  provider.attach();
  const close = () => closeCollab(provider);
  clients.push(close);
  return { provider, text: () => provider.document.getText("code"), close };
}

/** The sync messages on a document's channel: which process sent each, and whether it carries document content. */
async function watchSync(name: string) {
  const watcher = new IORedis(sharedRedisUrl);
  watchers.push(watcher);
  const seen: Array<{ sender: string; carrying: boolean }> = [];
  watcher.on("messageBuffer", (_channel: Buffer, data: Buffer) => {
    const sender = data.toString("utf8", 1, 1 + data[0]!);
    const message = new IncomingMessage(data.subarray(1 + data[0]!));
    message.readVarString();
    const type = message.readVarUint();
    if (type !== MessageType.Sync && type !== MessageType.SyncReply) return;
    const step = message.readVarUint();
    let carrying = false;
    if (step === messageYjsSyncStep2 || step === messageYjsUpdate) {
      const { structs, ds } = Y.decodeUpdate(message.readVarUint8Array());
      carrying = structs.length > 0 || ds.clients.size > 0;
    }
    seen.push({ sender, carrying });
  });
  await watcher.subscribe(`${prefix}:${name}`);
  return seen;
}

it("an edit on one process reaches the other's document and clients, in one message per edit", async (t) => {
  if (skipReason) return t.skip();
  const [a, b] = servers as [(typeof servers)[0], (typeof servers)[0]];
  const name = "one-hop";
  const seen = await watchSync(name);
  const onA = client(a.url, name);
  // A loads and sends its SyncStep1 (no one answers).
  await until(() => onA.provider.isSynced && seen.length === 1, 5000, "A's document loaded and announced");
  // B loads: B's SyncStep1, A's answer (SyncReply with A's SyncStep1, and SyncStep2), B's SyncStep2.
  const onB = client(b.url, name);
  await until(() => onB.provider.isSynced && seen.length === 5, 5000, "the processes' sync on B's load");

  onA.text().insert(0, "a");
  await until(() => b.hocuspocus.documents.get(name)?.getText("code").toString() === "a", 5000, "the edit in B's document");
  await until(() => onB.text().toString() === "a", 5000, "the edit at B's client");
  onB.text().insert(1, "b");
  await until(() => onA.text().toString() === "ab", 5000, "B's edit at A's client");
  onA.text().insert(2, "c");
  await until(() => onB.text().toString() === "abc", 5000, "the third edit at B's client");

  // A process's messages reach the channel in the order it sent them: once B's edit and A's
  // second are seen, so is any copy of an edit republished by the process that applied it
  // from Redis, and any sync message an edit took before it was sent.
  const [idA, idB] = [seen[0]?.sender, seen[1]?.sender];
  const sinceEdits = () => seen.slice(5);
  await until(() => sinceEdits().filter((m) => m.sender === idA).length >= 2 && sinceEdits().some((m) => m.sender === idB), 5000, "the edits on the channel");
  expect(sinceEdits()).toEqual([
    { sender: idA, carrying: true },
    { sender: idB, carrying: true },
    { sender: idA, carrying: true },
  ]);
});

it("a process that loads a document already edited elsewhere gets those edits", async (t) => {
  if (skipReason) return t.skip();
  const [a, b] = servers as [(typeof servers)[0], (typeof servers)[0]];
  const name = "late-load";
  const onA = client(a.url, name);
  await until(() => onA.provider.isSynced, 5000, "provider on A synced");
  onA.text().insert(0, "written before B had the document");
  expect(b.hocuspocus.documents.has(name)).toBe(false);

  const onB = client(b.url, name);
  await until(() => onB.text().toString() === "written before B had the document", 5000, "A's edits at B's client");
  onB.text().insert(0, "> ");
  await until(() => onA.text().toString() === "> written before B had the document", 5000, "B's edit at A's client");
});

it("awareness and stateless broadcasts cross to the other process's clients", async (t) => {
  if (skipReason) return t.skip();
  const [a, b] = servers as [(typeof servers)[0], (typeof servers)[0]];
  const name = "awareness";
  const onA = client(a.url, name);
  const onB = client(b.url, name);
  const stateless: string[] = [];
  onA.provider.on("stateless", ({ payload }: { payload: string }) => stateless.push(payload));
  await until(() => onA.provider.isSynced && onB.provider.isSynced, 5000, "providers synced");

  onA.provider.setAwarenessField("cursor", 7);
  const seenOnB = () => onB.provider.awareness?.getStates().get(onA.provider.document.clientID)?.cursor;
  await until(() => seenOnB() === 7, 5000, "A's awareness at B's client");

  b.hocuspocus.documents.get(name)!.broadcastStateless("from B");
  await until(() => stateless.includes("from B"), 5000, "B's stateless broadcast at A's client");

  // A's last client leaves: its cursor goes at once on B (not after awareness's 30 s timeout).
  onA.close();
  await until(() => seenOnB() === undefined, 5000, "A's cursor gone at B's client");
});
