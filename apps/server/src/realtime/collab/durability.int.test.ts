import type { ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, expect, it } from "vitest";
import { collabTextName } from "@coderoom/shared/schemas/realtime";
import { closeCollab, collabClient, until } from "../../../test/realtime-harness";
import { startRealtimeChild } from "../../../test/test-services";

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "coderoom-durability-"));
const children: ChildProcess[] = [];
/** SIGTERM, resolved at exit: a server stops its database process first, and only then is the data folder free. */
const stopped = (c: ChildProcess) =>
  new Promise<void>((resolve) => {
    if (c.exitCode !== null || c.signalCode !== null) return resolve();
    c.once("exit", () => resolve());
    c.kill("SIGTERM");
  });
afterAll(async () => {
  await Promise.all(children.map(stopped));
  fs.rmSync(dataDir, { recursive: true, force: true });
});

/** Starts the server in a child process on the shared data dir. */
const startServer = (env: Record<string, string>) => startRealtimeChild({ DATA_DIR: dataDir, ...env }, (child) => children.push(child));

it("a kill -9 of the server loses at most the last 500 ms of acknowledged edits", async () => {
  const first = await startServer({ SEED_USERS: "1", SEED_ROOMS: "1", SEED_CODE: "" });
  const [token] = first.tokens;
  const [roomId] = first.roomIds;
  const url = `http://127.0.0.1:${first.port}`;
  const provider = collabClient(url, roomId!, token);
  await until(() => provider.isSynced, 10_000, "provider synced");
  const text = provider.document.getText(collabTextName);

  // Type for 2 s; remember, over time, the last edit the server had acknowledged.
  const acked: { at: number; upTo: number }[] = [];
  let last = -1;
  const stopAt = Date.now() + 2000;
  while (Date.now() < stopAt) {
    last += 1;
    text.insert(text.length, `e${last};`);
    await new Promise((r) => setTimeout(r, 10));
    if (provider.unsyncedChanges === 0) acked.push({ at: Date.now(), upTo: last });
  }
  first.child.kill("SIGKILL");
  const killedAt = Date.now();
  closeCollab(provider);
  await first.exited;

  const mustSurvive = Math.max(-1, ...acked.filter((a) => a.at <= killedAt - 500).map((a) => a.upTo));
  expect(mustSurvive).toBeGreaterThan(50);

  const second = await startServer({});
  const again = collabClient(`http://127.0.0.1:${second.port}`, roomId!, token);
  await until(() => again.isSynced, 10_000, "provider synced after restart");
  const restored = again.document.getText(collabTextName).toString();
  closeCollab(again);
  second.child.kill("SIGTERM");
  await second.exited;
  const survived = restored.split(";").filter(Boolean).map((e) => Number(e.slice(1)));
  // Every edit acknowledged at least 500 ms before the kill is there, in order, once.
  expect(survived.slice(0, mustSurvive + 1)).toEqual(Array.from({ length: mustSurvive + 1 }, (_, i) => i));
  console.log(`durability: ${last + 1} edits typed, ${survived.length} survived the kill -9, ${mustSurvive + 1} had to`);
}, 120_000);
