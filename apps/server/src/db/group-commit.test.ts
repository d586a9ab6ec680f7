import { expect, it } from "vitest";
import { turnCounter } from "../../test/turn-counter";
import { groupCommit } from "./group-commit";

/** A writer that records each statement's items, takes `ms` to "commit", and answers each item doubled. */
function slowWriter(ms: number, refuse: (item: number) => boolean = () => false) {
  const statements: number[][] = [];
  const write = async (items: number[]) => {
    statements.push(items);
    await new Promise((r) => setTimeout(r, ms));
    if (items.some(refuse)) throw new Error("constraint violated");
    return items.map((n) => n * 2);
  };
  return { statements, write };
}

it("writes what one turn adds in one statement, and what comes during a write in the next, each with its own result", async () => {
  const w = slowWriter(20);
  const add = groupCommit(w.write);
  const first = [1, 2, 3].map((n) => add(n));
  await new Promise((r) => setTimeout(r, 5)); // the first statement is in flight
  const second = [4, 5].map((n) => add(n));
  expect(await Promise.all([...first, ...second])).toEqual([2, 4, 6, 8, 10]);
  expect(w.statements).toEqual([
    [1, 2, 3],
    [4, 5],
  ]);
  expect(await add(6)).toBe(12);
  expect(w.statements.at(-1)).toEqual([6]);
});

it("when a statement fails, writes each item alone: only the bad one is refused", async () => {
  const w = slowWriter(1, (n) => n === 2);
  const add = groupCommit(w.write);
  const results = await Promise.allSettled([1, 2, 3].map((n) => add(n)));
  expect(results.map((r) => r.status)).toEqual(["fulfilled", "rejected", "fulfilled"]);
  expect(w.statements).toEqual([[1, 2, 3], [1], [2], [3]]);
});

it("with onePerTurn, hands a batch's results back one per event-loop turn; without it, all in one", async () => {
  /** The event-loop turn in which each of three results reached its caller. */
  const turnsOfResults = async (onePerTurn: boolean) => {
    const add = groupCommit(slowWriter(1).write, { onePerTurn });
    const turns = turnCounter();
    const seen = await Promise.all([1, 2, 3].map(async (n) => (await add(n), turns.now())));
    turns.stop();
    return new Set(seen).size;
  };
  expect(await turnsOfResults(true)).toBe(3);
  expect(await turnsOfResults(false)).toBe(1);
});
