import { performance } from "node:perf_hooks";
import { expect, it } from "vitest";
import { createTurnGate } from "./turn-gate";

/** Holds the thread for `ms`, as a prompt being built does. */
const busy = (ms: number) => {
  const until = performance.now() + ms;
  while (performance.now() < until);
};

it("runs a lone item at once and settles with its result or its error", async () => {
  const gate = createTurnGate(20);
  let ran = false;
  const result = gate.run(() => {
    ran = true;
    return 42;
  });
  expect(ran).toBe(true);
  await expect(result).resolves.toBe(42);
  const failing = gate.run(() => {
    throw new Error("bad prompt");
  });
  await expect(failing).rejects.toThrow("bad prompt");
});

it("spreads a burst over turns, in order, letting a timer in between slices", async () => {
  const gate = createTurnGate(5);
  const order: number[] = [];
  let doneWhenTimerFired = -1;
  setTimeout(() => (doneWhenTimerFired = order.length), 0);
  // 20 items of 1 ms arriving in one turn: 4 slices or more.
  await Promise.all(
    Array.from({ length: 20 }, (_, i) =>
      gate.run(() => {
        busy(1);
        order.push(i);
      }),
    ),
  );
  expect(order).toEqual(Array.from({ length: 20 }, (_, i) => i));
  expect(doneWhenTimerFired).toBeGreaterThan(0);
  expect(doneWhenTimerFired).toBeLessThan(20);
});

it("keeps arrival order when new items come while others wait", async () => {
  const gate = createTurnGate(2);
  const order: string[] = [];
  const first = Array.from({ length: 5 }, (_, i) => gate.run(() => (busy(1), order.push(`a${i}`))));
  await new Promise((r) => setImmediate(r));
  const later = gate.run(() => order.push("b"));
  await Promise.all([...first, later]);
  expect(order).toEqual(["a0", "a1", "a2", "a3", "a4", "b"]);
});
