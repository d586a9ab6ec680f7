import { expect, it } from "vitest";
import { createQuotaHints, requestNow } from "./early-answers";

/** A source of pieces that records when it was started and whether it was closed. */
function recordingSource(pieces: string[]) {
  const seen = { started: false, closed: false, signal: null as AbortSignal | null };
  const stream = (signal: AbortSignal) => {
    seen.signal = signal;
    return (async function* () {
      seen.started = true;
      try {
        for (const piece of pieces) {
          if (signal.aborted) return;
          yield piece;
        }
      } finally {
        seen.closed = true;
      }
    })();
  };
  return { seen, stream };
}

it("starts the request at once and yields every piece from the first, once read", async () => {
  const source = recordingSource(["a", "b", "c"]);
  const answer = requestNow(source.stream, new AbortController());
  expect(source.seen.started).toBe(true);
  const read: string[] = [];
  for await (const piece of answer.pieces) read.push(piece);
  expect(read).toEqual(["a", "b", "c"]);
  expect(source.seen.closed).toBe(true);
});

it("dropped, aborts the request and closes it without anyone reading it", async () => {
  const source = recordingSource(["a", "b"]);
  const controller = new AbortController();
  requestNow(source.stream, controller).drop();
  expect(controller.signal.aborted).toBe(true);
  await new Promise((resolve) => setImmediate(resolve));
  expect(source.seen.closed).toBe(true);
});

it("a read that stops early closes the request", async () => {
  const source = recordingSource(["a", "b", "c"]);
  const answer = requestNow(source.stream, new AbortController());
  for await (const piece of answer.pieces) if (piece === "a") break;
  expect(source.seen.closed).toBe(true);
});

it("hints an early answer only for a user this process last counted today with room left", () => {
  const hints = createQuotaHints();
  const noon = new Date("2026-12-06T06:30:00Z"); // 12:00 in India
  const resetAt = "2026-12-06T18:30:00.000Z";
  expect(hints.mayAnswerEarly("asha", noon)).toBe(false);
  hints.counted("asha", noon, { used: 4, limit: 5, resetAt });
  expect(hints.mayAnswerEarly("asha", noon)).toBe(true);
  hints.counted("asha", noon, { used: 5, limit: 5, resetAt });
  expect(hints.mayAnswerEarly("asha", noon)).toBe(false);
  hints.counted("ravi", noon, { used: 40, limit: null, resetAt });
  expect(hints.mayAnswerEarly("ravi", noon)).toBe(true);
  // After midnight in India, nobody has been counted yet.
  expect(hints.mayAnswerEarly("ravi", new Date("2026-12-06T18:31:00Z"))).toBe(false);
});
