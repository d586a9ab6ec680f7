import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, afterEach, beforeAll, expect, it } from "vitest";
import WebSocket from "ws";
import { collabPath, collabTextName } from "@coderoom/shared/schemas/realtime";
import { closeCollab, collabClient, connected, editorClient, emitAck, until } from "../../test/realtime-harness";
import * as Y from "yjs";
import { sharedPostgresAndRedis } from "../../test/cluster-infra";
import { freePort, startServerProcess } from "../../test/server-process";
import { openDb } from "../db/client";
import { loadDocUpdates } from "../realtime/collab/doc-store";
import { startFakeJudge0, type FakeJudge0 } from "../../test/fake-judge0";

/*
 * Issue 39 §2: SIGTERM with clients connected drains. Readiness fails, a run in flight
 * finishes, clients are dropped at the transport (so they reconnect, logged in), every
 * acknowledged edit is stored, Redis closes last, and the process exits 0 without an error.
 */
const redisUrl = process.env.REDIS_URL ?? "redis://127.0.0.1:6379";
let fake: FakeJudge0;
let dataDir: string;
beforeAll(async () => {
  fake = await startFakeJudge0();
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "coderoom-drain-"));
});
const running: Array<{ stop(): Promise<number> }> = [];
afterEach(async () => {
  await Promise.all(running.splice(0).map((p) => p.stop()));
});
afterAll(async () => {
  await fake.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const json = { "content-type": "application/json", "sec-fetch-site": "same-origin" };
/** The drain's own figure from the process's "drained" log line. */
const drainedMs = (output: string) => output.split("\n").map((l) => /"ms":(\d+).*"msg":"drained"/.exec(l)?.[1]).find(Boolean);

it("drains on SIGTERM with clients connected: the run in flight finishes, edits are stored, the Yjs client reconnects and keeps its place, exit 0", { timeout: 240_000 }, async () => {
  const port = String(await freePort());
  const env = {
    DATA_DIR: dataDir,
    EXECUTION_BACKEND: "judge0",
    JUDGE0_URL: fake.url,
    REDIS_URL: redisUrl,
    REDIS_PREFIX: `drain-${randomBytes(4).toString("hex")}`,
    LOG_LEVEL: "info",
    PORT: port,
  };
  const server = await startServerProcess(env);
  running.push(server);
  const login = await fetch(`${server.url}/api/v1/users/guest-login`, { headers: json });
  const cookie = login.headers.getSetCookie()[0]!.split(";")[0]!;
  const token = cookie.split("=")[1]!;
  const created = await fetch(`${server.url}/api/v1/rooms/create`, {
    method: "POST",
    headers: { ...json, cookie },
    body: JSON.stringify({ roomName: "Drain", languageId: 71 }),
  });
  const createdBody = (await created.json()) as { data?: { roomId: string } };
  expect(createdBody.data, JSON.stringify(createdBody)).toBeDefined();
  const roomId = createdBody.data!.roomId;

  // Connected through the SIGTERM: a /editor socket in the room, a Yjs client typing and a raw /collab socket.
  const editor = editorClient(server.url, token);
  await connected(editor);
  expect(await emitAck(editor, "join", { roomId, tabId: "drain-tab" })).toMatchObject({ data: expect.anything() });
  const editorClosed = new Promise<string>((resolve) => editor.once("disconnect", (reason) => resolve(reason)));
  // Reconnects as the web app does; the next process comes up on the same port.
  const collab = collabClient(server.url, roomId, token, { reconnect: true, socket: { delay: 200, minDelay: 200, maxDelay: 1000 } });
  const providerClosed = new Promise<number>((resolve) =>
    collab.configuration.websocketProvider.on("close", ({ event }: { event: { code: number } }) => resolve(event.code)),
  );
  // More tabs of the room, typing slower with a cursor each: awareness and updates cross Redis during the drain.
  const crowd = Array.from({ length: 5 }, () => collabClient(server.url, roomId, token, { reconnect: true, socket: { delay: 200, minDelay: 200, maxDelay: 1000 } }));
  const crowdTyping = setInterval(() => {
    for (const [i, tab] of crowd.entries()) {
      if (!tab.isSynced) continue;
      tab.document.getText(collabTextName).insert(0, `t${i} `);
      tab.setAwarenessField("cursor", { at: Date.now() });
    }
  }, 100);
  const watcher = new WebSocket(`${server.url.replace(/^http/, "ws")}${collabPath}`, { headers: { cookie } });
  await new Promise((resolve, reject) => watcher.once("open", resolve).once("error", reject));
  const collabClosed = new Promise<number>((resolve) => watcher.once("close", (code) => resolve(code)));
  await until(() => collab.isSynced && crowd.every((tab) => tab.isSynced), 20_000, "collab synced");
  const marker = `drained-${randomBytes(3).toString("hex")}`;
  const text = collab.document.getText(collabTextName);
  text.insert(0, marker);
  await until(() => collab.unsyncedChanges === 0, 10_000, "edit acknowledged");
  // Keystrokes go on through the drain and the restart; those the first process acknowledged must be stored.
  let typed = 0;
  let ackedUpTo = -1;
  let closed = false;
  void providerClosed.then(() => (closed = true));
  const typing = setInterval(() => {
    if (!closed && collab.unsyncedChanges === 0) ackedUpTo = typed - 1;
    text.insert(text.length, ` k${typed};`);
    typed += 1;
  }, 10);
  await until(() => typed > 30, 10_000, "typing");

  const run = fetch(`${server.url}/api/v1/rooms/run`, { method: "POST", headers: { ...json, cookie }, body: JSON.stringify({ code: "SLOW_RUN", langId: 71 }) });
  await until(() => fake.log.submissions.length === 1, 10_000, "run submitted");
  server.child.kill("SIGTERM");
  // Once the drain has begun (and not after a fixed wait: a loaded machine may take longer to deliver the signal).
  await until(() => server.output().includes("draining: no new connections or runs"), 10_000, "drain begun");
  const readiness = await fetch(`${server.url}/readyz`).then((r) => r.status, () => "refused");
  const [runRes, code] = await Promise.all([run, server.exited]);

  expect(readiness).not.toBe(200);
  expect(runRes.status).toBe(200);
  expect(((await runRes.json()) as { data: { status: { id: number } } }).data.status.id).toBe(3);
  expect(code).toBe(0);
  expect(await editorClosed).toBe("transport close");
  // 1012 Service Restart: a provider reconnects; not an authentication failure (4401/4403).
  expect(await collabClosed).toBe(1012);
  expect(await providerClosed).toBe(1012);
  expect(server.output()).toContain('"msg":"drained"');
  console.log(`drain with clients connected and a slow run in flight: ${drainedMs(server.output())} ms`);
  expect(server.output()).not.toMatch(/Connection is closed|Unhandled|uncaught|"level":50/i);
  editor.close();

  // Every acknowledged edit was stored: read from the database itself, before anyone reconnects.
  const handle = await openDb({ pgliteDir: path.join(dataDir, "db") });
  const stored = new Y.Doc();
  for (const update of (await loadDocUpdates(handle.db, roomId)) ?? []) Y.applyUpdate(stored, update);
  await handle.close();
  const storedText = stored.getText(collabTextName).toString();
  expect(storedText).toContain(marker);
  expect(ackedUpTo).toBeGreaterThan(20);
  expect(Array.from({ length: ackedUpTo + 1 }, (_, i) => ` k${i};`).filter((k) => !storedText.includes(k))).toEqual([]);

  // The provider finds the next process by itself, with what was typed meanwhile.
  const again = await startServerProcess(env);
  running.push(again);
  await until(() => collab.isSynced && collab.unsyncedChanges === 0 && typed > ackedUpTo + 50, 30_000, "provider back in sync");
  clearInterval(typing);
  clearInterval(crowdTyping);
  await until(() => [collab, ...crowd].every((tab) => tab.isSynced && tab.unsyncedChanges === 0), 20_000, "last keystrokes acknowledged");
  const reader = collabClient(again.url, roomId, token);
  await until(() => reader.isSynced, 20_000, "reader synced");
  const restored = reader.document.getText(collabTextName).toString();
  closeCollab(reader);
  closeCollab(collab);
  for (const tab of crowd) closeCollab(tab);
  expect(restored).toBe(text.toString());
});

it("drains one process of two sharing the room: exit 0, no error on either, the other keeps every acknowledged edit", { timeout: 240_000 }, async (t) => {
  const infra = await sharedPostgresAndRedis();
  if (infra.skipReason) {
    console.warn(`SKIPPED two-process drain: ${infra.skipReason}`);
    return t.skip();
  }
  const dirs = [fs.mkdtempSync(path.join(os.tmpdir(), "coderoom-drain-a-")), fs.mkdtempSync(path.join(os.tmpdir(), "coderoom-drain-b-"))];
  try {
    const env = (dir: string, port: number) => ({
      DATA_DIR: dir,
      DATABASE_URL: infra.dbUrl,
      EXECUTION_BACKEND: "judge0",
      JUDGE0_URL: fake.url,
      REDIS_URL: infra.redisUrl,
      REDIS_PREFIX: infra.redisPrefix,
      LOG_LEVEL: "info",
      PORT: String(port),
    });
    const a = await startServerProcess(env(dirs[0]!, await freePort()));
    running.push(a);
    const b = await startServerProcess(env(dirs[1]!, await freePort()));
    running.push(b);
    const login = await fetch(`${a.url}/api/v1/users/guest-login`, { headers: json });
    const cookie = login.headers.getSetCookie()[0]!.split(";")[0]!;
    const token = cookie.split("=")[1]!;
    const created = await fetch(`${a.url}/api/v1/rooms/create`, { method: "POST", headers: { ...json, cookie }, body: JSON.stringify({ roomName: "Two", languageId: 71 }) });
    const roomId = ((await created.json()) as { data: { roomId: string } }).data.roomId;

    const editors = [editorClient(a.url, token), editorClient(b.url, token)];
    await Promise.all(editors.map(connected));
    for (const [i, editor] of editors.entries()) await emitAck(editor, "join", { roomId, tabId: `tab-${i}` });
    const onA = collabClient(a.url, roomId, token, { reconnect: true, socket: { delay: 200, minDelay: 200, maxDelay: 1000 } });
    const onB = collabClient(b.url, roomId, token);
    let closedOnA = false;
    onA.configuration.websocketProvider.on("close", () => (closedOnA = true));
    await until(() => onA.isSynced && onB.isSynced, 20_000, "providers synced");
    let typed = 0;
    let ackedUpTo = -1;
    const typing = setInterval(() => {
      if (!closedOnA && onA.unsyncedChanges === 0) ackedUpTo = typed - 1;
      onA.document.getText(collabTextName).insert(0, `a${typed};`);
      onB.document.getText(collabTextName).insert(0, "b");
      onA.setAwarenessField("cursor", { typed });
      typed += 1;
    }, 20);
    await until(() => typed > 30, 10_000, "typing");
    const submitted = fake.log.submissions.length;
    const run = fetch(`${a.url}/api/v1/rooms/run`, { method: "POST", headers: { ...json, cookie }, body: JSON.stringify({ code: "SLOW_RUN", langId: 71 }) });
    await until(() => fake.log.submissions.length > submitted, 10_000, "run submitted");
    a.child.kill("SIGTERM");
    const [runRes, code] = await Promise.all([run, a.exited]);
    clearInterval(typing);
    // A's tab tries A again once; then it is closed (the web app would reach B through the balancer).
    await new Promise((r) => setTimeout(r, 500));
    closeCollab(onA);

    expect(code, a.output()).toBe(0);
    expect(runRes.status).toBe(200);
    expect(a.output()).toContain('"msg":"drained"');
    console.log(`drain of one process of two, with clients and a slow run in flight: ${drainedMs(a.output())} ms`);
    expect(a.output()).not.toMatch(/Connection is closed|Unhandled|uncaught|"level":50/i);
    const textB = () => onB.document.getText(collabTextName).toString();
    expect(ackedUpTo).toBeGreaterThan(20);
    await until(() => textB().includes(`a${ackedUpTo};`), 10_000, "A's acknowledged edits on B");
    expect(Array.from({ length: ackedUpTo + 1 }, (_, i) => `a${i};`).filter((m) => !textB().includes(m))).toEqual([]);
    expect(b.output()).not.toMatch(/Connection is closed|Unhandled|uncaught|"level":50/i);
    closeCollab(onB);
    for (const editor of editors) editor.close();
    expect(await b.stop()).toBe(0);
  } finally {
    await infra.close();
    for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
  }
});
