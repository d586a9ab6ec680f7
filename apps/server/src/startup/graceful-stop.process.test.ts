import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, afterEach, beforeAll, expect, it } from "vitest";
import WebSocket from "ws";
import { collabPath, collabTextName } from "@coderoom/shared/schemas/realtime";
import { closeCollab, collabClient, connected, editorClient, until } from "../../test/realtime-harness";
import { freePort, startServerProcess } from "../../test/server-process";
import { startFakeJudge0, type FakeJudge0 } from "../execution/judge0/fake-judge0";

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

it("drains on SIGTERM: the run in flight finishes, clients may reconnect, edits are stored, exit 0", { timeout: 240_000 }, async () => {
  const env = {
    DATA_DIR: dataDir,
    EXECUTION_BACKEND: "judge0",
    JUDGE0_URL: fake.url,
    REDIS_URL: redisUrl,
    REDIS_PREFIX: `drain-${randomBytes(4).toString("hex")}`,
    LOG_LEVEL: "info",
  };
  const server = await startServerProcess({ ...env, PORT: String(await freePort()) });
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

  const editor = editorClient(server.url, token);
  await connected(editor);
  const editorClosed = new Promise<string>((resolve) => editor.once("disconnect", (reason) => resolve(reason)));
  const collab = collabClient(server.url, roomId, token);
  const watcher = new WebSocket(`${server.url.replace(/^http/, "ws")}${collabPath}`, { headers: { cookie } });
  await new Promise((resolve, reject) => watcher.once("open", resolve).once("error", reject));
  const collabClosed = new Promise<number>((resolve) => watcher.once("close", (code) => resolve(code)));
  await until(() => collab.isSynced, 20_000, "collab synced");
  const marker = `drained-${randomBytes(3).toString("hex")}`;
  collab.document.getText(collabTextName).insert(0, marker);
  await until(() => collab.unsyncedChanges === 0, 10_000, "edit acknowledged");
  closeCollab(collab);

  const run = fetch(`${server.url}/api/v1/rooms/run`, { method: "POST", headers: { ...json, cookie }, body: JSON.stringify({ code: "SLOW_RUN", langId: 71 }) });
  await until(() => fake.log.submissions.length === 1, 10_000, "run submitted");
  server.child.kill("SIGTERM");
  await new Promise((r) => setTimeout(r, 100));
  const readiness = await fetch(`${server.url}/readyz`).then((r) => r.status, () => "refused");
  const [runRes, code] = await Promise.all([run, server.exited]);

  expect(readiness).not.toBe(200);
  expect(runRes.status).toBe(200);
  expect(((await runRes.json()) as { data: { status: { id: number } } }).data.status.id).toBe(3);
  expect(code).toBe(0);
  expect(await editorClosed).toBe("transport close");
  // 1012 Service Restart: a provider reconnects; not an authentication failure (4401/4403).
  expect(await collabClosed).toBe(1012);
  expect(server.output()).toContain('"msg":"drained"');
  expect(server.output()).not.toMatch(/Connection is closed|Unhandled|uncaught|"level":50/i);
  editor.close();

  // Every acknowledged edit was stored: a new process opens the room with it.
  const again = await startServerProcess({ ...env, PORT: String(await freePort()) });
  running.push(again);
  const reader = collabClient(again.url, roomId, token);
  await until(() => reader.isSynced, 20_000, "collab synced after restart");
  expect(reader.document.getText(collabTextName).toString()).toContain(marker);
  closeCollab(reader);
});
