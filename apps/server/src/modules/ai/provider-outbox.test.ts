import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createProviderOutbox } from "./provider-outbox";
import type { FromProvider } from "./provider-thread";

const PACE_MS = 20;
let posted: FromProvider[][];
let outbox: ReturnType<typeof createProviderOutbox>;
beforeEach(() => {
  vi.useFakeTimers();
  posted = [];
  outbox = createProviderOutbox((batch) => posted.push(batch), PACE_MS);
});
afterEach(() => vi.useRealTimers());

const text = (id: number, t: string): FromProvider => ({ type: "text", id, text: t });

describe("the provider thread's outbox", () => {
  it("sends an answer's first text in the turn it came, and joins the later ones until the next tick", async () => {
    outbox.send(text(1, "a"));
    outbox.send(text(2, "x"));
    vi.advanceTimersByTime(0);
    expect(posted).toEqual([[text(1, "a"), text(2, "x")]]);

    outbox.send(text(1, "b"));
    outbox.send(text(2, "y"));
    outbox.send(text(1, "c"));
    vi.advanceTimersByTime(PACE_MS - 1);
    expect(posted).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(posted[1]).toEqual([text(1, "bc"), text(2, "y")]);
  });

  it("sends an end at once, after the texts gathered before it", () => {
    outbox.send(text(1, "a"));
    vi.advanceTimersByTime(0);
    outbox.send(text(1, "b"));
    outbox.send(text(2, "x"));
    outbox.send({ type: "end", id: 1 });
    vi.advanceTimersByTime(0);
    expect(posted[1]).toEqual([text(1, "b"), text(2, "x"), { type: "end", id: 1 }]);
    // Nothing is left for the tick.
    vi.advanceTimersByTime(PACE_MS);
    expect(posted).toHaveLength(2);
  });

  it("keeps each answer's order when an error follows its texts in one turn", () => {
    outbox.send(text(3, "a"));
    outbox.send(text(3, "b"));
    outbox.send({ type: "error", id: 3, code: "ai_provider_failed", message: "m", detail: "d" });
    vi.advanceTimersByTime(0);
    expect(posted).toEqual([[text(3, "ab"), { type: "error", id: 3, code: "ai_provider_failed", message: "m", detail: "d" }]]);
  });

  it("forgets an answer once it ended (an id seen again starts a new answer, its first text not held back)", () => {
    outbox.send(text(1, "a"));
    outbox.send({ type: "end", id: 1 });
    vi.advanceTimersByTime(0);
    outbox.send(text(1, "new"));
    vi.advanceTimersByTime(0);
    expect(posted[1]).toEqual([text(1, "new")]);
  });

  it("does not change a message after it was sent", () => {
    const first = text(1, "a");
    outbox.send(first);
    vi.advanceTimersByTime(0);
    outbox.send(text(1, "b"));
    expect(first).toEqual(text(1, "a"));
  });
});
