import { expect, it, vi } from "vitest";
import { groupCommit } from "./group-commit";

/** A writer that records each statement's items and takes `ms` to "commit". */
function slowWriter(ms: number, refuse: (item: number) => boolean = () => false) {
  const statements: number[][] = [];
  const write = async (items: number[]) => {
    statements.push(items);
    await new Promise((r) => setTimeout(r, ms));
    if (items.some(refuse)) throw new Error("constraint violated");
  };
  return { statements, write };
}

it("writes what one turn adds in one statement, and what comes during a write in the next", async () => {
  const w = slowWriter(20);
  const commit = groupCommit(w.write);
  const first = [1, 2, 3].map((n) => commit.add(n));
  await new Promise((r) => setTimeout(r, 5)); // the first statement is in flight
  const second = [4, 5].map((n) => commit.add(n));
  await Promise.all([...first, ...second]);
  expect(w.statements).toEqual([
    [1, 2, 3],
    [4, 5],
  ]);
  await commit.add(6);
  expect(w.statements.at(-1)).toEqual([6]);
});

it("when a statement fails, writes each item alone: only the bad one is refused", async () => {
  const w = slowWriter(1, (n) => n === 2);
  const commit = groupCommit(w.write);
  const results = await Promise.allSettled([1, 2, 3].map((n) => commit.add(n)));
  expect(results.map((r) => r.status)).toEqual(["fulfilled", "rejected", "fulfilled"]);
  expect(w.statements).toEqual([[1, 2, 3], [1], [2], [3]]);
});

it("with a window, waits that long after the first item: what comes meanwhile, in later turns too, goes in the same statement", async () => {
  const w = slowWriter(1);
  const commit = groupCommit(w.write, { window: { quietMs: 30, maxMs: 30 } });
  const started = performance.now();
  const first = commit.add(1);
  await new Promise((r) => setTimeout(r, 10));
  expect(w.statements).toEqual([]);
  await Promise.all([first, commit.add(2)]);
  expect(w.statements).toEqual([[1, 2]]);
  expect(performance.now() - started).toBeGreaterThanOrEqual(29);
});

it("with a quiet window, waits while items keep coming: a burst longer than the quiet time goes in one statement", async () => {
  vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout", "performance"] });
  try {
    const w = slowWriter(1);
    const commit = groupCommit(w.write, { window: { quietMs: 30, maxMs: 500 } });
    const added: Promise<void>[] = [];
    for (let n = 1; n <= 6; n += 1) {
      added.push(commit.add(n));
      await vi.advanceTimersByTimeAsync(10);
    }
    expect(w.statements).toEqual([]);
    await vi.advanceTimersByTimeAsync(30);
    await Promise.all(added);
    expect(w.statements).toEqual([[1, 2, 3, 4, 5, 6]]);
  } finally {
    vi.useRealTimers();
  }
});

it("with maxItems, writes a long queue in statements of at most that many, with an event-loop turn between them", async () => {
  const statements: number[][] = [];
  // How many turns of other work had run when each statement was written.
  let turns = 0;
  const turnsAtWrite: number[] = [];
  const commit = groupCommit(
    async (items: number[]) => {
      statements.push(items);
      turnsAtWrite.push(turns);
      setImmediate(() => (turns += 1));
    },
    { maxItems: 2 },
  );
  await Promise.all([1, 2, 3, 4, 5].map((n) => commit.add(n)));
  expect(statements).toEqual([[1, 2], [3, 4], [5]]);
  expect(turnsAtWrite).toEqual([0, 1, 2]);
});
