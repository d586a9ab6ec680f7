import { expect, it } from "vitest";
import { turnCounter } from "../test/turn-counter";
import { createTurnBudget } from "./turns";

/** Holds the thread for `ms`, as a piece of synchronous work does. */
const busy = (ms: number) => {
  const until = performance.now() + ms;
  while (performance.now() < until);
};

it("runs pieces at once while the turn's budget lasts, and the rest in later turns, in the order they came", async () => {
  const turn = createTurnBudget(10);
  const turns = turnCounter();
  const ran: { piece: number; turn: number }[] = [];
  // Ten pieces of 4 ms arrive in the same turn, each in a callback of its own, as a burst of questions on ten sockets does.
  await new Promise<void>((done) => {
    for (let piece = 0; piece < 10; piece++)
      setImmediate(async () => {
        await turn();
        ran.push({ piece, turn: turns.now() });
        busy(4);
        if (ran.length === 10) done();
      });
  });
  turns.stop();
  expect(ran.map((r) => r.piece)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
  // A 10 ms budget lets at most three 4 ms pieces start in a turn (however slow the machine), then the loop turns.
  const perTurn = new Map<number, number>();
  for (const r of ran) perTurn.set(r.turn, (perTurn.get(r.turn) ?? 0) + 1);
  expect(Math.max(...perTurn.values())).toBeLessThanOrEqual(3);
  expect(perTurn.size).toBeGreaterThanOrEqual(4);
});

it("lets a piece through at once when nothing waits and the turn has budget left; otherwise it waits its turn", async () => {
  const turn = createTurnBudget(50);
  expect(turn()).toBeUndefined();
  expect(turn()).toBeUndefined();
  busy(60);
  const order: string[] = [];
  // In the next turn's timers the budget is fresh, but a piece that came later still goes after the one waiting.
  const later = new Promise<void>((resolve) => setTimeout(() => void Promise.resolve(turn()).then(() => order.push("later")).then(() => resolve()), 0));
  const first = turn();
  expect(first).toBeInstanceOf(Promise);
  await Promise.all([first!.then(() => order.push("first")), later]);
  expect(order).toEqual(["first", "later"]);
  await new Promise((resolve) => setImmediate(resolve));
  expect(turn()).toBeUndefined();
});
