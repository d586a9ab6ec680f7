import { describe, expect, it } from "vitest";
import { RunScheduler, SchedulerRefusal, type Ticket } from "./run-scheduler";

/** A task that finishes when the test says so. */
function gate() {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { open, task: async () => opened };
}

const refusal = (fn: () => unknown) => {
  try {
    fn();
  } catch (err) {
    return err instanceof SchedulerRefusal ? err.reason : "other";
  }
  return null;
};

describe("RunScheduler", () => {
  it("runs up to `concurrency` tasks at once and queues the rest in order", async () => {
    const s = new RunScheduler({ concurrency: 2, maxQueue: 10 });
    const gates = [gate(), gate(), gate()];
    const tickets = ["a", "b", "c"].map((k) => s.reserve(k));
    expect(tickets.map((t) => t.queued)).toEqual([false, false, true]);
    const started: string[] = [];
    const runs = tickets.map((t, i) => t.run(async () => (started.push("abc"[i]!), gates[i]!.task())));
    await Promise.resolve();
    expect(started).toEqual(["a", "b"]);
    expect(s.state("c")).toEqual({ state: "queued", position: 1 });
    expect(s.state("a")).toEqual({ state: "running", position: null });
    gates[0]!.open();
    await runs[0];
    await new Promise((r) => setImmediate(r));
    expect(started).toEqual(["a", "b", "c"]);
    expect(s.state("c").state).toBe("running");
    gates[1]!.open();
    gates[2]!.open();
    await Promise.all(runs);
    expect(s.stats).toEqual({ running: 0, waiting: 0 });
    expect(s.state("a")).toEqual({ state: "idle", position: null });
  });

  it("refuses a second run for the same key while the first is queued or running", async () => {
    const s = new RunScheduler({ concurrency: 1, maxQueue: 10 });
    const g = gate();
    const first = s.reserve("u1");
    const running = first.run(g.task);
    expect(refusal(() => s.reserve("u1"))).toBe("busy");
    g.open();
    await running;
    expect(refusal(() => s.reserve("u1"))).toBeNull();
  });

  it("refuses with 'full' once maxQueue runs are waiting", () => {
    const s = new RunScheduler({ concurrency: 1, maxQueue: 2 });
    s.reserve("a");
    s.reserve("b");
    s.reserve("c");
    expect(refusal(() => s.reserve("d"))).toBe("full");
    expect(s.stats).toEqual({ running: 1, waiting: 2 });
  });

  it("frees the place of a released ticket, running or waiting", async () => {
    const s = new RunScheduler({ concurrency: 1, maxQueue: 1 });
    const a = s.reserve("a");
    const b = s.reserve("b");
    b.release();
    expect(s.stats).toEqual({ running: 1, waiting: 0 });
    const c = s.reserve("c");
    a.release();
    expect(s.state("c").state).toBe("running");
    await expect(c.run(async () => "done")).resolves.toBe("done");
    expect(s.stats).toEqual({ running: 0, waiting: 0 });
  });

  it("frees the place when a task throws", async () => {
    const s = new RunScheduler({ concurrency: 1, maxQueue: 0 });
    await expect(s.reserve("a").run(async () => Promise.reject(new Error("boom")))).rejects.toThrow("boom");
    expect(s.stats.running).toBe(0);
    expect(refusal(() => s.reserve("b"))).toBeNull();
  });
  it("puts Pro ahead of Basic ahead of Free under load, but never ahead of a run that waited longer than the head start", async () => {
    let now = 0;
    const s = new RunScheduler({ concurrency: 1, maxQueue: 10, now: () => now });
    const busy = s.reserve("busy");
    const tickets = new Map<string, Ticket>();
    tickets.set("free1", s.reserve("free1", "free"));
    now = 1_000;
    tickets.set("basic1", s.reserve("basic1", "basic"));
    tickets.set("pro1", s.reserve("pro1", "pro"));
    expect(["pro1", "basic1", "free1"].map((k) => s.state(k).position)).toEqual([1, 2, 3]);
    now = 30_000;
    // A Pro run arriving now does not pass runs that have waited more than 10 s.
    tickets.set("pro2", s.reserve("pro2", "pro"));
    expect(s.state("pro2").position).toBe(4);
    const order: string[] = [];
    const runs = [...tickets].map(([k, t]) => t.run(async () => void order.push(k)));
    busy.release();
    await Promise.all(runs);
    expect(order).toEqual(["pro1", "basic1", "free1", "pro2"]);
  });

  it("serves users round-robin: a user's second run waits for their first, others go in between", async () => {
    const s = new RunScheduler({ concurrency: 1, maxQueue: 10 });
    const g = gate();
    const a1 = s.reserve("a");
    const running = a1.run(g.task);
    s.reserve("b");
    expect(refusal(() => s.reserve("a"))).toBe("busy");
    expect(s.state("b")).toEqual({ state: "queued", position: 1 });
    g.open();
    await running;
    expect(s.state("b").state).toBe("running");
  });
});

describe("RunScheduler.drain (issue 39 §2)", () => {
  it("refuses new runs at once and resolves when the runs it took have finished", async () => {
    const s = new RunScheduler({ concurrency: 1, maxQueue: 10 });
    const first = gate();
    const second = gate();
    const running = s.reserve("a").run(first.task);
    const queued = s.reserve("b").run(second.task);
    let drained = false;
    const drain = s.drain().then(() => (drained = true));
    expect(refusal(() => s.reserve("c"))).toBe("draining");
    first.open();
    await running;
    await new Promise((r) => setImmediate(r));
    expect(drained).toBe(false);
    second.open();
    await Promise.all([queued, drain]);
    expect(drained).toBe(true);
  });

  it("resolves at once when nothing runs", async () => {
    await new RunScheduler({ concurrency: 1, maxQueue: 1 }).drain();
  });
});
