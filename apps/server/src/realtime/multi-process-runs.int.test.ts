import type { Socket } from "socket.io-client";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { startFakeJudge0, type FakeJudge0 } from "../../test/fake-judge0";
import { connected, cookieOf, editorClient, nextEvent, until } from "../../test/realtime-harness";
import { clearOfIndianMidnight } from "../../test/india-midnight";
import { sharedPostgresAndRedis, type ServerChild, type SharedInfra } from "../../test/cluster-infra";

// Run limits and room run state with several server processes on one Redis and one PostgreSQL.
let cluster: SharedInfra;
let skipReason: string | null = null;
let judge0: FakeJudge0 | undefined;
const sockets: Socket[] = [];

beforeAll(async () => {
  cluster = await sharedPostgresAndRedis();
  skipReason = cluster.skipReason;
  if (skipReason) console.warn(`SKIPPED multi-process run tests: ${skipReason}`);
  else judge0 = await startFakeJudge0();
});

afterEach(() => {
  while (sockets.length) sockets.pop()!.close();
});

afterAll(async () => {
  await cluster?.close();
  await judge0?.close();
});

/**
 * Emits with an ack. Longer than the harness's wait: with a process just killed, questions
 * to every process (a join's member list, a stop) wait for the adapter's 5 s timeout.
 */
function emitAck(socket: Socket, event: string, payload: unknown): Promise<any> {
  return socket.timeout(15_000).emitWithAck(event, payload);
}

/** A joined `/editor` socket (the user's one tab); `legacy` joins as the original client does (no tabId, no ack). */
async function join(server: ServerChild, token: string, roomId: string, legacy = false): Promise<{ socket: Socket; state: any }> {
  const socket = editorClient(server.url, token);
  sockets.push(socket);
  await connected(socket);
  if (legacy) {
    const users = nextEvent(socket, "updateUsers", 10_000);
    socket.emit("join", { roomId });
    await users;
    return { socket, state: null };
  }
  // One tab per user: joining again counts as that tab reconnecting (the one-tab rule allows it).
  const ack = await emitAck(socket, "join", { roomId, tabId: `tab-${token.slice(-12)}` });
  if (!ack.ok) throw new Error(`join refused: ${JSON.stringify(ack)}`);
  return { socket, state: ack.data };
}

/** POST /rooms/run as the user of `token`, on that process. */
async function restRun(server: ServerChild, token: string, code: string): Promise<{ status: number; code?: string }> {
  const res = await fetch(`${server.url}/api/v1/rooms/run`, {
    method: "POST",
    headers: { cookie: cookieOf(token), origin: server.url, "content-type": "application/json" },
    body: JSON.stringify({ code, langId: server.languages[0], stdIn: "" }),
  });
  const body = (await res.json()) as { code?: string };
  return { status: res.status, code: body.code };
}

describe("limits with three processes (fake Judge0)", () => {
  let a: ServerChild;
  let b: ServerChild;
  let c: ServerChild;
  let tokens: string[];
  let roomId: string;
  const judge0Env = () => ({ EXECUTION_BACKEND: "judge0", JUDGE0_URL: judge0!.url, COORDINATION_LEASE_TTL_MS: "3000", COORDINATION_LEASE_RENEW_MS: "500" });

  beforeAll(async () => {
    if (skipReason) return;
    // Users: owner, Bob, Carol (room runs), Dana (one run at a time), Erin (daily runs).
    a = await cluster.start({ ...judge0Env(), SEED_USERS: "5", SEED_ROOMS: "1", SEED_CODE: "print('SLOW_RUN')\n" });
    // C holds its leases for 30 s after it dies: long enough to see the room still taken.
    [b, c] = await Promise.all([cluster.start(judge0Env()), cluster.start({ ...judge0Env(), COORDINATION_LEASE_TTL_MS: "30000", COORDINATION_LEASE_RENEW_MS: "3000" })]);
    tokens = a.tokens;
    roomId = a.roomIds[0]!;
  }, 120_000);

  it("one run at a time per user: the same user's runs on three processes at once, one accepted", async (t) => {
    if (skipReason) return t.skip();
    const dana = tokens[3]!;
    const answers = await Promise.all([a, b, c].map((server) => restRun(server, dana, "print('SLOW_RUN')")));
    expect(answers.filter((r) => r.status === 200)).toHaveLength(1);
    expect(answers.filter((r) => r.status === 409 && r.code === "run_in_progress")).toHaveLength(2);
  });

  it("a Free user's 10 runs a day hold when their runs reach three processes at once", async (t) => {
    if (skipReason) return t.skip();
    await clearOfIndianMidnight();
    const erin = tokens[4]!;
    let accepted = 0;
    for (let burst = 0; burst < 40; burst += 1) {
      const answers = await Promise.all([a, b, c].map((server) => restRun(server, erin, "print('hi')")));
      accepted += answers.filter((r) => r.status === 200).length;
      expect(answers.every((r) => [200, 409, 429].includes(r.status))).toBe(true);
      if (answers.every((r) => r.status === 429)) break;
    }
    expect(accepted).toBe(10);
    const status = await fetch(`${b.url}/api/v1/rooms/run/status`, { headers: { cookie: cookieOf(erin) } });
    expect(((await status.json()) as { data: { runsToday: number } }).data.runsToday).toBe(10);
  }, 120_000);

  it("one room run at a time: run:start on two processes at once, one accepted", async (t) => {
    if (skipReason) return t.skip();
    const owner = await join(a, tokens[0]!, roomId);
    const bob = await join(b, tokens[1]!, roomId);
    const finishedA = nextEvent(owner.socket, "run:finished", 20_000);
    const finishedB = nextEvent(bob.socket, "run:finished", 20_000);
    const acks = await Promise.all([emitAck(owner.socket, "run:start", {}), emitAck(bob.socket, "run:start", {})]);
    expect(acks.filter((x) => x.ok)).toHaveLength(1);
    expect(acks.filter((x) => !x.ok && x.code === "run_in_progress")).toHaveLength(1);
    const [onA, onB] = await Promise.all([finishedA, finishedB]);
    expect(onA).toEqual(onB);
  });

  it("a room whose run's process died: the owner's run:stop on another process frees it at once", async (t) => {
    if (skipReason) return t.skip();
    const owner = await join(a, tokens[0]!, roomId);
    const carol = await join(c, tokens[2]!, roomId);
    const started = nextEvent<{ runId: string }>(owner.socket, "run:started", 10_000);
    expect(await emitAck(carol.socket, "run:start", {})).toMatchObject({ ok: true });
    const { runId } = await started;
    await cluster.kill(c);
    // Its lease lives on (30 s): the room still counts as running, and says so to a joiner on A.
    expect(await emitAck(owner.socket, "run:start", {})).toMatchObject({ ok: false, code: "run_in_progress" });
    const late = await join(a, tokens[1]!, roomId);
    expect(late.state.run).toMatchObject({ runId, by: { name: expect.any(String) } });
    const lost = nextEvent<{ runId: string; result: { status: { id: number } } }>(owner.socket, "run:finished", 10_000);
    expect(await emitAck(owner.socket, "run:stop", {})).toMatchObject({ ok: true });
    expect(await lost).toMatchObject({ runId, result: { status: { id: 13 } } });
    const finished = nextEvent(owner.socket, "run:finished", 20_000);
    expect(await emitAck(owner.socket, "run:start", {})).toMatchObject({ ok: true });
    await finished;
  }, 60_000);

  it("a room whose run's process died is free again once its lease expires, and so is the user", async (t) => {
    if (skipReason) return t.skip();
    const owner = await join(a, tokens[0]!, roomId);
    const bob = await join(b, tokens[1]!, roomId);
    const started = nextEvent(owner.socket, "run:started", 10_000);
    expect(await emitAck(bob.socket, "run:start", {})).toMatchObject({ ok: true });
    await started;
    await cluster.kill(b);
    // Nobody stops it: B's leases (3 s) expire on their own.
    let accepted = false;
    await until(
      async () => {
        const ack = await emitAck(owner.socket, "run:start", {});
        if (!ack.ok) expect(ack.code).toBe("run_in_progress");
        accepted = ack.ok;
        return accepted;
      },
      20_000,
      "run:start accepted after the dead process's lease expired",
    );
    // The user's lease was renewed apart from the room's, so it may outlive it by a renewal.
    await until(
      async () => {
        const res = await restRun(a, tokens[1]!, "print('hi')");
        if (res.status !== 200) expect(res.code).toBe("run_in_progress");
        return res.status === 200;
      },
      20_000,
      "a REST run by the dead process's user accepted",
    );
  }, 60_000);
});

describe("a room run's output across processes (sandbox)", () => {
  let e: ServerChild;
  let f: ServerChild;
  let why: string | null = null;

  beforeAll(async () => {
    if (skipReason) return;
    e = await cluster.start({ SEED_USERS: "3", SEED_ROOMS: "1", SEED_LANGUAGE_ID: "46", SEED_CODE: "echo first\nsleep 2\necho second\n" });
    why = e.runnerUnavailable ?? (e.languages.includes(46) ? null : "the shell language (46) is not offered");
    if (why) console.warn(`SKIPPED room run output across processes: ${why}`);
    else f = await cluster.start({});
  }, 120_000);

  it("reaches legacy sockets on the other process, and a late joiner there sees the output so far", async (t) => {
    if (skipReason || why) return t.skip();
    const roomId = e.roomIds[0]!;
    const [ownerToken, bobToken, carolToken] = e.tokens as [string, string, string];
    const owner = await join(e, ownerToken, roomId);
    const legacyBob = await join(f, bobToken, roomId, true);
    const terminal = nextEvent<{ stdout: string; status: { id: number } }>(legacyBob.socket, "updateTerminal", 30_000);
    const finished = nextEvent(owner.socket, "run:finished", 30_000);
    let streamed = "";
    owner.socket.on("run:output", (p: { data: string }) => (streamed += p.data));
    const ack = await emitAck(owner.socket, "run:start", {});
    expect(ack).toMatchObject({ ok: true });
    await until(() => streamed.includes("first"), 20_000, "first output");
    // Carol joins on F while the program sleeps: her room state carries the run and its output so far.
    const carol = await join(f, carolToken, roomId);
    expect(carol.state.run).toMatchObject({ runId: ack.data.runId, state: "running", output: "first\n" });
    await finished;
    expect(await terminal).toMatchObject({ stdout: "first\nsecond\n", status: { id: 3 } });
    // Once finished, no run is left in the room for the next joiner.
    expect((await join(f, carolToken, roomId)).state.run).toBeNull();
  }, 60_000);
});
