import { afterEach, beforeEach, expect, it, vi } from "vitest";
import { createDeltaPacer } from "./answer-deltas";

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

it("sends an answer's first piece at once and gathers the later ones until the tick", () => {
  const answerDeltas = createDeltaPacer(40);
  const sent: string[] = [];
  const deltas = answerDeltas((t) => sent.push(t));
  deltas.push("Hel");
  expect(sent).toEqual(["Hel"]);
  deltas.push("lo");
  deltas.push(" world");
  vi.advanceTimersByTime(39);
  expect(sent).toEqual(["Hel"]);
  vi.advanceTimersByTime(1);
  expect(sent).toEqual(["Hel", "lo world"]);
  deltas.push("!");
  deltas.flush();
  expect(sent).toEqual(["Hel", "lo world", "!"]);
  vi.advanceTimersByTime(100);
  expect(sent).toEqual(["Hel", "lo world", "!"]);
});

it("flushes every answer in flight on the same tick, whenever its pieces came", () => {
  const answerDeltas = createDeltaPacer(40);
  const sent: { answer: string; text: string; at: number }[] = [];
  const start = Date.now();
  const a = answerDeltas((text) => sent.push({ answer: "a", text, at: Date.now() - start }));
  const b = answerDeltas((text) => sent.push({ answer: "b", text, at: Date.now() - start }));
  a.push("a1");
  a.push("a2");
  vi.advanceTimersByTime(25);
  b.push("b1");
  b.push("b2");
  vi.advanceTimersByTime(15);
  expect(sent.filter((s) => s.at === 40)).toEqual([
    { answer: "a", text: "a2", at: 40 },
    { answer: "b", text: "b2", at: 40 },
  ]);
});

it("drops what is pending when an answer is cancelled, and keeps the others", () => {
  const answerDeltas = createDeltaPacer(40);
  const sent: string[] = [];
  const a = answerDeltas((t) => sent.push(t));
  const b = answerDeltas((t) => sent.push(t));
  a.push("a1");
  b.push("b1");
  a.push("a2");
  b.push("b2");
  a.cancel();
  vi.advanceTimersByTime(40);
  expect(sent).toEqual(["a1", "b1", "b2"]);
});

it("with onePerTurn, a tick sends each answer in an event-loop turn of its own, with what gathered until then", async () => {
  vi.useRealTimers();
  const answerDeltas = createDeltaPacer(5, { onePerTurn: true });
  const sent: string[] = [];
  let sentInTheTicksTurn: string[] | undefined;
  const a = answerDeltas((text) => {
    sent.push(text);
    if (text !== "a2") return;
    // While the tick's turn runs: c gets more, b ends (its own flush sends what it has).
    c.push("c3");
    b.flush();
    queueMicrotask(() => (sentInTheTicksTurn = [...sent]));
  });
  const b = answerDeltas((text) => sent.push(text));
  const c = answerDeltas((text) => sent.push(text));
  for (const [name, deltas] of [["a", a], ["b", b], ["c", c]] as const) {
    deltas.push(`${name}1`);
    deltas.push(`${name}2`);
  }
  expect(sent).toEqual(["a1", "b1", "c1"]);
  await vi.waitFor(() => expect(sent).toContain("c2c3"));
  expect(sentInTheTicksTurn).toEqual(["a1", "b1", "c1", "a2", "b2"]);
  // b's turn found nothing left; c's sent both of its pieces.
  expect(sent).toEqual(["a1", "b1", "c1", "a2", "b2", "c2c3"]);
});
