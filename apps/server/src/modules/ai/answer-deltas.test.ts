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
