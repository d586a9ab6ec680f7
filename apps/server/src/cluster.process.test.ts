import { randomBytes } from "node:crypto";
import type { HocuspocusProvider } from "@hocuspocus/provider";
import { io, type Socket } from "socket.io-client";
import WebSocket from "ws";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { assistantEvents } from "@coderoom/shared/schemas/assistant";
import { collabPath, collabTextName, editorNamespace, roomEvents } from "@coderoom/shared/schemas/realtime";
import { browserHeaders, clusterUnavailable, privateRedis, seed, startCluster, startHaproxy, storedText, type Cluster, type SeededUser } from "../test/cluster-harness";
import { freshDatabase } from "../test/test-services";
import { freePort } from "../test/server-process";
import { clearOfIndianMidnight } from "../test/india-midnight";
import { closeCollab, collabClient, connected, editorClient, emitAck, nextEvent, until } from "../test/realtime-harness";
import { startFakeJudge0, type FakeJudge0 } from "../test/fake-judge0";
import { startFakeOpenAI, toTokens, type FakeOpenAI } from "../test/fake-openai-server";

/*
 * Issue 39 §5-§6: three real server processes on one PostgreSQL database and a private Redis,
 * behind HAProxy configured from deploy/haproxy.cfg, with real clients: Yjs providers on
 * /collab, Socket.IO on /editor (our client and the legacy protocol) and REST. Runs go to a
 * local fake Judge0 and the assistant to a local fake OpenAI-compatible provider.
 */
const ROOM_QUESTIONS_PER_MINUTE = 4;
const ROOM_RUN_CODE = "print('SLOW_RUN in the room')\n";
const skipReason = await clusterUnavailable();
if (skipReason) console.warn(`SKIPPED the cluster test: ${skipReason}`);

let judge0: FakeJudge0;
let ai: FakeOpenAI;
let database: Awaited<ReturnType<typeof freshDatabase>>;
let redis: Awaited<ReturnType<typeof privateRedis>>;
let cluster: Cluster;
let people: SeededUser[];
let roomIds: string[];
const open: Array<{ close(): void }> = [];

/** Rooms of the checks below, seeded with their members (user indexes). */
const ROOM_NAMES = ["converge", "roomRun", "aiPerUser0", "aiPerUser1", "aiPerUser2", "aiPerRoom", "aiQuota0", "aiQuota1", "aiQuota2", "crash", "crashRun", "drain", "redis", "aiHistory"] as const;
const ROOMS = Object.fromEntries(ROOM_NAMES.map((name, i) => [name, i])) as Record<(typeof ROOM_NAMES)[number], number>;

beforeAll(async () => {
  if (skipReason) return;
  judge0 = await startFakeJudge0();
  ai = await startFakeOpenAI();
  database = await freshDatabase();
  redis = await privateRedis();
  const everyone = Array.from({ length: 16 }, (_, i) => i);
  ({ users: people, roomIds } = await seed(database.url, {
    users: 16,
    rooms: ROOM_NAMES.map((name) => ({ owner: 0, members: everyone, code: name === "roomRun" ? ROOM_RUN_CODE : name === "crashRun" ? "print('SLOW_RUN')\n" : "" })),
  }));
  cluster = await startCluster({
    processes: 3,
    dbUrl: database.url,
    redisUrl: redis.url,
    env: {
      EXECUTION_BACKEND: "judge0",
      JUDGE0_URL: judge0.url,
      JUDGE0_POLL_MS: "20",
      AI_BASE_URL: ai.url,
      AI_MODEL: "fake-model",
      AI_API_KEY: "sk-cluster-test",
      AI_ROOM_QUESTIONS_PER_MINUTE: String(ROOM_QUESTIONS_PER_MINUTE),
    },
  });
}, 300_000);

afterAll(async () => {
  for (const c of open.splice(0)) c.close();
  await cluster?.close();
  await redis?.stop();
  await database?.drop();
  await judge0?.close();
  await ai?.close();
});

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const nodeUrl = (i: number) => cluster.nodes[i]!.url;
const textOf = (p: HocuspocusProvider) => p.document.getText(collabTextName).toString();

/** A provider on /collab, kept for afterAll; through HAProxy pinned to node `i`, or straight to it. */
function provider(user: SeededUser, roomId: string, where: { direct: number } | { sticky: number }): HocuspocusProvider {
  const p =
    "direct" in where
      ? collabClient(nodeUrl(where.direct), roomId, user.token, { reconnect: true })
      : collabClient(cluster.proxy.url, roomId, user.token, { reconnect: true, cookies: cluster.nodes[where.sticky]!.sticky });
  open.push({ close: () => closeCollab(p) });
  return p;
}

/** Our client on /editor (websocket), joined to the room. */
async function member(user: SeededUser, roomId: string, node: number): Promise<Socket> {
  const s = editorClient(nodeUrl(node), user.token);
  open.push(s);
  await connected(s);
  const joined = await emitAck(s, "join", { roomId, tabId: `tab-${randomBytes(3).toString("hex")}` });
  expect(joined.ok, JSON.stringify(joined)).toBe(true);
  return s;
}

/** The original client's socket through HAProxy: long-polling first, then the websocket upgrade; the balancer's cookie rides along as a browser's would. */
function legacySocket(user: SeededUser, sticky: string, reconnection = false): Socket {
  const s = io(`${cluster.proxy.url}${editorNamespace}`, { forceNew: true, reconnection, extraHeaders: { cookie: `${user.cookie}; ${sticky}` } });
  open.push(s);
  return s;
}

async function restRun(user: SeededUser, base: string, code: string, extraCookie = "") {
  const res = await fetch(`${base}/api/v1/rooms/run`, { method: "POST", headers: browserHeaders(user.cookie, extraCookie), body: JSON.stringify({ code, langId: 71, stdIn: "" }) });
  const body = (await res.json()) as { code?: string; data?: { status: { id: number } } };
  return { status: res.status, code: body.code, body };
}

/** Every process that a test stopped (or that died) runs again and is UP in HAProxy: the next test starts whole. */
afterEach(async () => {
  if (skipReason) return;
  for (const [i, n] of cluster.nodes.entries()) {
    if (n.proc.child.exitCode !== null || n.proc.child.signalCode !== null) await cluster.restart(i);
  }
  for (const n of cluster.nodes) await cluster.proxy.waitFor(n.name, "UP", 90_000);
}, 180_000);

/** The first of `events` on any of `sockets` (rejects after `ms`; no timer left behind). */
function firstEvent(sockets: Socket[], events: string[], ms = 30_000): Promise<{ event: string; payload: unknown }> {
  return new Promise((resolve, reject) => {
    const offs: Array<() => void> = [];
    const timer = setTimeout(() => {
      offs.forEach((off) => off());
      reject(new Error(`none of ${events.join(", ")} within ${ms} ms`));
    }, ms);
    for (const socket of sockets) {
      for (const event of events) {
        const listener = (payload: unknown) => {
          clearTimeout(timer);
          offs.forEach((off) => off());
          resolve({ event, payload });
        };
        socket.on(event, listener);
        offs.push(() => socket.off(event, listener));
      }
    }
  });
}

/**
 * Whether any two of these [start, end] intervals overlap. "At once" requests on a loaded
 * machine may be served one after another, which is allowed; two at the same time are not.
 */
function overlap(intervals: [number, number | undefined][]): boolean {
  const sorted = [...intervals].sort((a, b) => a[0] - b[0]);
  return sorted.some(([start], i) => i > 0 && start < (sorted[i - 1]![1] ?? Number.POSITIVE_INFINITY));
}
const judge0Runs = (code: string) => judge0.log.submissions.filter((s) => s.code === code).map((s): [number, number | undefined] => [s.at, s.doneAt]);

const count = <T,>(values: T[], pred: (v: T) => boolean) => values.filter(pred).length;

describe.skipIf(skipReason)("three processes behind HAProxy", () => {
  it("HAProxy spreads new visitors, keeps each on its process by cookie, and carries the original client's long-polling", { timeout: 60_000 }, async () => {
    const served = new Set<string>();
    for (let i = 0; i < 9; i += 1) {
      const res = await fetch(`${cluster.proxy.url}/readyz`);
      expect(res.status).toBe(200);
      const node = res.headers.get("x-served-by")!;
      expect(res.headers.getSetCookie().join(";")).toContain(`CODEROOM_NODE=${node}`);
      served.add(node);
    }
    expect(served.size).toBeGreaterThan(1);
    for (const node of cluster.nodes) {
      for (let i = 0; i < 4; i += 1) {
        const res = await fetch(`${cluster.proxy.url}/readyz`, { headers: { cookie: node.sticky } });
        expect(res.headers.get("x-served-by")).toBe(node.name);
      }
    }
    // The original client: polling handshake, then upgrade, on whichever process the cookie names.
    const legacy = legacySocket(people[1]!, cluster.nodes[1]!.sticky);
    const users = nextEvent<{ users: unknown[] }>(legacy, "updateUsers", 20_000);
    await connected(legacy);
    legacy.emit("join", { roomId: roomIds[ROOMS.converge] });
    expect((await users).users.length).toBeGreaterThan(0);
    await until(() => legacy.io.engine.transport.name === "websocket", 20_000, "upgrade to websocket");
    legacy.close();
  });

  it("keeps an idle WebSocket open past the client and server timeouts (timeout tunnel)", { timeout: 60_000 }, async () => {
    // The same file with 1 s client and server timeouts: only `timeout tunnel` keeps a quiet WebSocket.
    const short = await startHaproxy(
      await freePort(),
      cluster.nodes.map((n) => n.port),
      [
        [/timeout client\s+\S+/, "timeout client 1s"],
        [/timeout server\s+\S+/, "timeout server 1s"],
      ],
    );
    try {
      for (const n of cluster.nodes) await short.waitFor(n.name, "UP");
      const ws = new WebSocket(`${short.url.replace(/^http/, "ws")}${collabPath}`, { headers: { cookie: people[1]!.cookie } });
      await new Promise((resolve, reject) => ws.once("open", resolve).once("error", reject));
      let traffic = 0;
      let closed = false;
      ws.on("message", () => (traffic += 1));
      ws.on("ping", () => (traffic += 1));
      ws.on("close", () => (closed = true));
      await sleep(4000);
      expect(traffic).toBe(0);
      expect(closed).toBe(false);
      ws.close();
    } finally {
      await short.stop();
    }
  });

  it("converges a room edited on every process: Yjs providers, a legacy socket and REST", { timeout: 60_000 }, async () => {
    const roomId = roomIds[ROOMS.converge]!;
    const providers = [0, 1, 2].map((i) => provider(people[i + 1]!, roomId, { direct: i }));
    await until(() => providers.every((p) => p.isSynced), 30_000, "providers synced");
    const legacy = legacySocket(people[4]!, cluster.nodes[2]!.sticky);
    let legacyText = "";
    legacy.on("codeUpdate", (code: string) => (legacyText = code));
    await connected(legacy);
    const joined = nextEvent(legacy, "updateUsers", 10_000);
    legacy.emit("join", { roomId });
    await joined;
    providers.forEach((p, i) => p.document.getText(collabTextName).insert(0, `from process ${i + 1}\n`));
    await until(() => providers.every((p) => textOf(p).includes("from process 1") && textOf(p).includes("from process 3")), 20_000, "Yjs convergence");
    legacy.emit("codeChange", { code: `${textOf(providers[0]!)}legacy line\n` });
    const all = ["from process 1", "from process 2", "from process 3", "legacy line"];
    await until(() => new Set(providers.map(textOf)).size === 1 && all.every((m) => textOf(providers[0]!).includes(m)), 20_000, "everyone has every line");
    // ... the legacy socket too: it is sent the whole text after each edit.
    providers[1]!.document.getText(collabTextName).insert(0, "last line\n");
    await until(() => legacyText.includes("last line") && legacyText === textOf(providers[0]!), 20_000, "the legacy socket has the same text");
    // REST on each process reads the same live text.
    for (const i of [0, 1, 2]) {
      const res = await fetch(`${nodeUrl(i)}/api/v1/rooms/join/${roomId}`, { headers: browserHeaders(people[5]!.cookie) });
      const body = (await res.json()) as { data: { code: string } };
      expect(all.every((m) => body.data.code.includes(m)), body.data.code).toBe(true);
    }
  });

  describe("every limit holds with three processes at once", () => {
    it("one run at a time per user", { timeout: 60_000 }, async () => {
      const code = "print('SLOW_RUN one per user')";
      const results = await Promise.all([0, 1, 2].map((i) => restRun(people[6]!, nodeUrl(i), code)));
      // Each request either ran or was refused as a run in progress, and no two ran at the same time.
      expect(results.every((r) => r.status === 200 || r.code === "run_in_progress"), JSON.stringify(results)).toBe(true);
      expect(count(results, (r) => r.status === 200)).toBeGreaterThan(0);
      expect(overlap(judge0Runs(code)), JSON.stringify(judge0Runs(code))).toBe(false);
    });

    it("the Free plan's 10 runs a day", { timeout: 90_000 }, async () => {
      await clearOfIndianMidnight();
      const user = people[7]!;
      let accepted = 0;
      for (let i = 0; i < 9; i += 1) if ((await restRun(user, nodeUrl(i % 3), "print(1)")).status === 200) accepted += 1;
      expect(accepted).toBe(9);
      const atOnce = await Promise.all([0, 1, 2].map((i) => restRun(user, nodeUrl(i), "print('SLOW_RUN')")));
      accepted += count(atOnce, (r) => r.status === 200);
      const later = await Promise.all([0, 1, 2].map((i) => restRun(user, nodeUrl(i), "print(2)")));
      accepted += count(later, (r) => r.status === 200);
      expect(accepted, JSON.stringify([...atOnce, ...later])).toBe(10);
      expect(count(later, (r) => r.code === "run_quota_exceeded")).toBeGreaterThan(0);
      const profile = (await (await fetch(`${nodeUrl(1)}/api/v1/users/profile`, { headers: browserHeaders(user.cookie) })).json()) as { data: { codeExecutionCount: number } };
      expect(profile.data.codeExecutionCount).toBe(10);
    });

    it("one room run at a time, and its result reaches every process's sockets, legacy ones too", { timeout: 60_000 }, async () => {
      const roomId = roomIds[ROOMS.roomRun]!;
      const sockets = await Promise.all([0, 1, 2].map((i) => member(people[i + 1]!, roomId, i)));
      const legacy = legacySocket(people[4]!, cluster.nodes[2]!.sticky);
      await connected(legacy);
      const legacyJoined = nextEvent(legacy, "updateUsers", 10_000);
      legacy.emit("join", { roomId });
      await legacyJoined;
      const finished = sockets.map((s) => nextEvent<{ result: { status: { id: number } } }>(s, roomEvents.runFinished, 30_000));
      const terminal = nextEvent<{ status: { id: number } }>(legacy, "updateTerminal", 30_000);
      const acks = await Promise.all(sockets.map((s) => s.timeout(20_000).emitWithAck(roomEvents.runStart, {}) as Promise<{ ok: boolean; code?: string }>));
      expect(acks.every((a) => a.ok || a.code === "run_in_progress"), JSON.stringify(acks)).toBe(true);
      expect(count(acks, (a) => a.ok)).toBeGreaterThan(0);
      // Someone joining on another process mid-run sees it (or, on a slow machine, its result).
      const runner = acks.findIndex((a) => a.ok);
      const lateJoin = async (user: SeededUser) => {
        const late = editorClient(nodeUrl((runner + 1) % 3), user.token);
        open.push(late);
        await connected(late);
        const state = nextEvent<{ run: { runId: string } | null; terminal: { status: { id: number } } | null }>(late, roomEvents.state, 10_000);
        await emitAck(late, "join", { roomId, tabId: "late-tab" });
        return state;
      };
      const midRun = await lateJoin(people[5]!);
      if (midRun.run) expect(midRun.run.runId).toBe((acks[runner] as { data?: { runId: string } }).data?.runId);
      else expect(midRun.terminal?.status.id, "neither the run nor its result").toBe(3);
      for (const f of await Promise.all(finished)) expect(f.result.status.id).toBe(3);
      await until(() => judge0Runs(ROOM_RUN_CODE).every(([, end]) => end !== undefined), 30_000, "every accepted room run finished");
      expect(overlap(judge0Runs(ROOM_RUN_CODE)), JSON.stringify(judge0Runs(ROOM_RUN_CODE))).toBe(false);
      expect((await terminal).status.id).toBe(3);
      expect((await lateJoin(people[6]!)).terminal?.status.id).toBe(3);
    });

    it("one assistant answer at a time per user", { timeout: 60_000 }, async () => {
      ai.behave({ kind: "stream", tokens: toTokens("one two three four five six seven eight"), tokenIntervalMs: 250 });
      // One tab per room (a second tab in the same room is refused): three rooms, one per process.
      const rooms = [ROOMS.aiPerUser0, ROOMS.aiPerUser1, ROOMS.aiPerUser2].map((r) => roomIds[r]!);
      const tabs = await Promise.all([0, 1, 2].map((i) => member(people[8]!, rooms[i]!, i)));
      const done = firstEvent(tabs, [assistantEvents.done]);
      const acks = await Promise.all(tabs.map((s, i) => s.timeout(20_000).emitWithAck(assistantEvents.ask, { question: `one per user ${i}` }) as Promise<{ ok: boolean; code?: string }>));
      expect(acks.every((a) => a.ok || a.code === "ai_in_progress"), JSON.stringify(acks)).toBe(true);
      expect(count(acks, (a) => a.ok)).toBeGreaterThan(0);
      // The answer streams; someone in that room on another process is told so (or, on a slow machine, has it whole).
      const asked = acks.findIndex((a) => a.ok);
      const answerId = (acks[asked] as { data?: { answerId: string } }).data?.answerId;
      const watcher = await member(people[10]!, rooms[asked]!, (asked + 1) % 3);
      const state = (await emitAck(watcher, assistantEvents.state)) as { data: { streaming: string[]; messages: { id: string; status: string }[] } };
      const known = state.data.streaming.includes(answerId!) || state.data.messages.some((m) => m.id === answerId && m.status === "complete");
      expect(known, JSON.stringify(state.data)).toBe(true);
      await done;
      await until(() => ai.requests.every((r) => r.endedAt !== undefined), 30_000, "every answer ended");
      const answers = ai.requests.filter((r) => JSON.stringify(r.body.messages).includes("one per user")).map((r): [number, number | undefined] => [r.receivedAt, r.endedAt]);
      expect(overlap(answers), JSON.stringify(answers)).toBe(false);
    });

    it(`a room's ${ROOM_QUESTIONS_PER_MINUTE} questions a minute (AI_ROOM_QUESTIONS_PER_MINUTE)`, { timeout: 60_000 }, async () => {
      ai.behave({ kind: "stream", tokens: toTokens("short answer"), tokenIntervalMs: 20 });
      const roomId = roomIds[ROOMS.aiPerRoom]!;
      const askers = await Promise.all([0, 1, 2, 3, 4, 5, 6, 7].map((i) => member(people[i + 1]!, roomId, i % 3)));
      const acks = await Promise.all(askers.map((s) => s.timeout(20_000).emitWithAck(assistantEvents.ask, { question: "q" }) as Promise<{ ok: boolean; code?: string }>));
      expect(count(acks, (a) => a.ok), JSON.stringify(acks)).toBe(ROOM_QUESTIONS_PER_MINUTE);
      expect(count(acks, (a) => a.code === "ai_room_rate_limited")).toBe(askers.length - ROOM_QUESTIONS_PER_MINUTE);
    });

    it("the Free plan's 5 assistant answers a day: the sixth is refused before the room hears it", { timeout: 90_000 }, async () => {
      await clearOfIndianMidnight();
      ai.behave({ kind: "stream", tokens: toTokens("an answer"), tokenIntervalMs: 20 });
      const rooms = [ROOMS.aiQuota0, ROOMS.aiQuota1, ROOMS.aiQuota2].map((r) => roomIds[r]!);
      const tabs = await Promise.all([0, 1, 2].map((i) => member(people[9]!, rooms[i]!, i)));
      // Someone else in each room, on another process, counts the questions the rooms hear.
      let questionsSeen = 0;
      for (const i of [0, 1, 2]) (await member(people[10]!, rooms[i]!, (i + 1) % 3)).on(assistantEvents.question, () => (questionsSeen += 1));
      const acks: { ok: boolean; code?: string }[] = [];
      for (let i = 0; i < 6; i += 1) {
        const tab = tabs[i % 3]!;
        const settled = firstEvent([tab], [assistantEvents.done, assistantEvents.failed]);
        settled.catch(() => undefined); // awaited below only when the question was taken
        const ack = (await tab.timeout(20_000).emitWithAck(assistantEvents.ask, { question: `question ${i}` })) as { ok: boolean; code?: string };
        acks.push(ack);
        if (ack.ok) await settled;
      }
      await sleep(500);
      expect(acks.map((a) => a.ok), JSON.stringify(acks)).toEqual([true, true, true, true, true, false]);
      expect(acks[5]!.code).toBe("ai_quota_exceeded");
      expect(questionsSeen).toBe(5);
    });
  });

  it("an assistant prompt has the room's conversation as it is, whichever process saved it", { timeout: 60_000 }, async () => {
    ai.behave({ kind: "stream", tokens: toTokens("noted"), tokenIntervalMs: 10 });
    const roomId = roomIds[ROOMS.aiHistory]!;
    const onFirst = await member(people[11]!, roomId, 0);
    const onSecond = await member(people[12]!, roomId, 1);
    /** Asks on that socket, waits for the answer, and returns the prompt the provider got. */
    const ask = async (socket: Socket, question: string) => {
      const done = firstEvent([socket], [assistantEvents.done]);
      const ack = (await socket.timeout(20_000).emitWithAck(assistantEvents.ask, { question })) as { ok: boolean };
      expect(ack.ok, JSON.stringify(ack)).toBe(true);
      await done;
      // The other processes hear of the save through Redis: a person asking there is never this quick.
      await sleep(200);
      return JSON.stringify(ai.requests.find((r) => JSON.stringify(r.body.messages).includes(question))!.body.messages);
    };
    await ask(onFirst, "HISTORY-ONE");
    // The second process reads the room's conversation (and keeps it for its next prompts).
    expect(await ask(onSecond, "HISTORY-TWO")).toContain("HISTORY-ONE");
    // Saved on the first process: the second is told, and its next prompt has it.
    expect(await ask(onFirst, "HISTORY-THREE")).toContain("HISTORY-TWO");
    const fourth = await ask(onSecond, "HISTORY-FOUR");
    expect(fourth).toContain("HISTORY-THREE");
    expect(fourth.indexOf("HISTORY-ONE")).toBeLessThan(fourth.indexOf("HISTORY-THREE"));
  });

  it("kill -9 of the process holding a busy room loses no acknowledged edit; its room run's lock expires", { timeout: 150_000 }, async () => {
    const roomId = roomIds[ROOMS.crash]!;
    const victim = 0;
    // Two typists on the victim, one on each other process, all through HAProxy so they can reconnect.
    const typists = [victim, victim, 1, 2].map((node, i) => ({ p: provider(people[i + 1]!, roomId, { sticky: node }), typed: [] as { marker: string; ackedAt?: number }[] }));
    await until(() => typists.every((t) => t.p.isSynced), 30_000, "typists synced");
    // A room run in flight on the victim: its lock must not outlive it.
    const runRoom = roomIds[ROOMS.crashRun]!;
    const runner = await member(people[1]!, runRoom, victim);
    expect((await runner.timeout(20_000).emitWithAck(roomEvents.runStart, {})) as { ok: boolean }).toMatchObject({ ok: true });

    let typing = true;
    const loops = typists.map(async (t, i) => {
      for (let n = 0; typing; n += 1) {
        const marker = `<${i}.${n}>`;
        const text = t.p.document.getText(collabTextName);
        text.insert(text.length, marker);
        t.typed.push({ marker });
        await sleep(60);
      }
    });
    // Acknowledged: the server acknowledges a provider's updates in order, one each, and
    // unsyncedChanges counts those not acknowledged yet, so all but the last that many are.
    const acker = setInterval(() => {
      const now = Date.now();
      for (const t of typists) {
        if (!t.p.isSynced) continue;
        const acked = t.typed.length - t.p.unsyncedChanges;
        for (let i = 0; i < acked; i += 1) t.typed[i]!.ackedAt ??= now;
      }
    }, 10);
    await sleep(3000);
    const killedAt = Date.now();
    cluster.nodes[victim]!.proc.child.kill("SIGKILL");
    await cluster.nodes[victim]!.proc.exited;
    await sleep(4000);
    typing = false;
    await Promise.all(loops);
    await until(() => typists.every((t) => t.p.isSynced && t.p.unsyncedChanges === 0), 60_000, "typists reconnected and acknowledged");
    clearInterval(acker);
    await until(() => new Set(typists.map((t) => textOf(t.p))).size === 1, 30_000, "typists converged");
    const everything = typists.flatMap((t) => t.typed.map((m) => m.marker));
    expect(everything.filter((m) => !textOf(typists[0]!.p).includes(m)).length, "markers missing at the clients").toBe(0);

    const acked = typists.flatMap((t) => t.typed.filter((m) => m.ackedAt !== undefined && m.ackedAt < killedAt - 500).map((m) => m.marker));
    expect(acked.length).toBeGreaterThan(20);
    let missing: string[] = acked;
    try {
      await until(async () => {
        const stored = await storedText(database.url, roomId);
        missing = acked.filter((m) => !stored.includes(m));
        return missing.length === 0;
      }, 30_000, "every acknowledged edit stored");
    } catch {
      // Reported below with the count.
    }
    expect(missing.length, `${missing.length} of ${acked.length} markers acknowledged before the kill are not in the stored document: ${missing.slice(0, 10).join(" ")}`).toBe(0);
    // And nothing acknowledged since is missing either (a gap in the stored log hides everything after it).
    const converged = textOf(typists[0]!.p);
    let stored = "";
    try {
      await until(async () => (stored = await storedText(database.url, roomId)) === converged, 30_000, "the stored document complete");
    } catch {
      // Reported below.
    }
    const lost = everything.filter((m) => !stored.includes(m));
    expect(lost.length, `${lost.length} of ${everything.length} markers are not in the stored document: ${lost.slice(0, 10).join(" ")}`).toBe(0);

    // The dead process's room run: a survivor takes a new one once its lock has expired.
    const other = await member(people[2]!, runRoom, 1);
    let last: { ok: boolean; code?: string } = { ok: false };
    try {
      await until(async () => {
        last = (await other.timeout(20_000).emitWithAck(roomEvents.runStart, {})) as { ok: boolean; code?: string };
        if (!last.ok) await sleep(1000);
        return last.ok;
      }, 60_000, "a room run accepted after the crash");
    } catch {
      // Reported below.
    }
    expect(last, "the dead process's room run still blocks the room").toMatchObject({ ok: true });
  });

  it("SIGTERM drains: readiness fails at once, the run in flight finishes, clients carry on elsewhere, exit 0", { timeout: 150_000 }, async () => {
    const roomId = roomIds[ROOMS.drain]!;
    const draining = 1;
    const node = cluster.nodes[draining]!;
    const leaving = provider(people[1]!, roomId, { sticky: draining });
    const staying = provider(people[2]!, roomId, { direct: 2 });
    await until(() => leaving.isSynced && staying.isSynced, 30_000, "providers synced");
    const legacy = legacySocket(people[3]!, node.sticky, true);
    // Listening before the join is sent: the answer may come before the connect is noticed below.
    const joined = nextEvent(legacy, "updateUsers", 30_000);
    let legacyJoins = 0;
    legacy.on("connect", () => {
      legacyJoins += 1;
      legacy.emit("join", { roomId });
    });
    await until(() => legacyJoins === 1, 20_000, "legacy socket connected");
    await joined;

    const submitted = judge0.log.submissions.length;
    const run = restRun(people[4]!, cluster.proxy.url, "print('SLOW_RUN')", node.sticky);
    await until(() => judge0.log.submissions.length > submitted, 10_000, "run submitted");
    node.proc.child.kill("SIGTERM");
    // Readiness fails (polled, not after a fixed wait: a loaded machine may take longer to deliver the signal).
    const readiness = () => fetch(`${node.url}/readyz`).then((r) => r.status, () => "refused");
    await until(async () => (await readiness()) !== 200, 10_000, "readiness failing");
    // A request that names the stopping process goes to another one.
    const meanwhile = await fetch(`${cluster.proxy.url}/readyz`, { headers: { cookie: node.sticky } });
    expect(meanwhile.status).toBe(200);
    expect(meanwhile.headers.get("x-served-by")).not.toBe(node.name);
    const [ran, code] = await Promise.all([run, node.proc.exited]);
    expect(ran.status, JSON.stringify(ran.body)).toBe(200);
    expect(ran.body.data?.status.id).toBe(3);
    expect(code).toBe(0);
    expect(node.proc.output()).not.toMatch(/Connection is closed|Unhandled|uncaught|"level":50/i);

    // The clients reconnected through HAProxy to another process and carry on.
    await until(() => legacyJoins >= 2, 30_000, "legacy socket reconnected");
    leaving.document.getText(collabTextName).insert(0, "after the drain\n");
    await until(() => textOf(staying).includes("after the drain") && leaving.unsyncedChanges === 0, 30_000, "an edit after the drain reaches the other process");
    await cluster.proxy.waitFor(node.name, "DOWN", 30_000);
  });

  it("converges again after a Redis restart", { timeout: 120_000 }, async () => {
    const roomId = roomIds[ROOMS.redis]!;
    const providers = [0, 1, 2].map((i) => provider(people[i + 1]!, roomId, { direct: i }));
    await until(() => providers.every((p) => p.isSynced), 30_000, "providers synced");
    await redis.stop();
    // An edit on every process while Redis is away, and one after it is back.
    providers.forEach((p, i) => p.document.getText(collabTextName).insert(0, `during the outage ${i + 1}\n`));
    await sleep(4000);
    await redis.start();
    providers[2]!.document.getText(collabTextName).insert(0, "after the outage\n");
    const lines = ["during the outage 1", "during the outage 2", "during the outage 3", "after the outage"];
    const convergedAgain = () => providers.every((p) => lines.every((l) => textOf(p).includes(l))) && new Set(providers.map(textOf)).size === 1;
    await until(convergedAgain, 60_000, "convergence after the restart").catch(() => undefined);
    // Every line on every process, in the same order (the order of concurrent inserts is Yjs's choice).
    const texts = providers.map(textOf);
    expect(texts.map((t) => [...lines.map((l) => t.includes(l)), t === texts[0]]), JSON.stringify(texts)).toEqual(texts.map(() => [true, true, true, true, true]));
    for (const n of cluster.nodes) await cluster.proxy.waitFor(n.name, "UP", 60_000);
    // Cross-process realtime events work again: a join on one process is heard on another.
    const first = await member(people[4]!, roomId, 0);
    const heard = nextEvent(first, "userJoined", 20_000);
    await member(people[5]!, roomId, 2);
    await heard;
  });
});
