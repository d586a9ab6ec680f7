import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import readline from "node:readline";
import { fileURLToPath } from "node:url";
import { afterAll, expect, it } from "vitest";
import { collabTextName } from "@coderoom/shared/schemas/realtime";
import { closeCollab, collabClient, until } from "../../../test/realtime-harness";

const childScript = fileURLToPath(new URL("../../../test/realtime-server-child.ts", import.meta.url));
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "coderoom-durability-"));
const children: ChildProcess[] = [];
afterAll(() => {
  for (const c of children) c.kill("SIGKILL");
  fs.rmSync(dataDir, { recursive: true, force: true });
});

/** Starts the server in a child process on the shared data dir; resolves with its ready line. */
function startServer(env: Record<string, string>): Promise<{ port: number; tokens: string[]; roomIds: string[]; child: ChildProcess }> {
  const child = spawn(process.execPath, ["--import", "tsx", childScript], {
    env: { ...process.env, DATA_DIR: dataDir, ...env },
    stdio: ["ignore", "pipe", "inherit"],
  });
  children.push(child);
  return new Promise((resolve, reject) => {
    const lines = readline.createInterface({ input: child.stdout! });
    lines.once("line", (line) => resolve({ ...JSON.parse(line), child }));
    child.once("exit", (code) => reject(new Error(`server exited early (${code})`)));
  });
}

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
  await new Promise((r) => first.child.once("exit", r));

  const mustSurvive = Math.max(-1, ...acked.filter((a) => a.at <= killedAt - 500).map((a) => a.upTo));
  expect(mustSurvive).toBeGreaterThan(50);

  const second = await startServer({});
  const again = collabClient(`http://127.0.0.1:${second.port}`, roomId!, token);
  await until(() => again.isSynced, 10_000, "provider synced after restart");
  const restored = again.document.getText(collabTextName).toString();
  closeCollab(again);
  second.child.kill("SIGTERM");
  const survived = restored.split(";").filter(Boolean).map((e) => Number(e.slice(1)));
  // Every edit acknowledged at least 500 ms before the kill is there, in order, once.
  expect(survived.slice(0, mustSurvive + 1)).toEqual(Array.from({ length: mustSurvive + 1 }, (_, i) => i));
  console.log(`durability: ${last + 1} edits typed, ${survived.length} survived the kill -9, ${mustSurvive + 1} had to`);
}, 120_000);
