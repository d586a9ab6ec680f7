import { afterEach, beforeEach, expect, it, vi } from "vitest";
import { quietWindow } from "./quiet-window";

beforeEach(() => {
  vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout", "performance"] });
});
afterEach(() => {
  vi.useRealTimers();
});

it("runs once the items stop coming for quietMs", () => {
  const run = vi.fn();
  const gathering = quietWindow(run, { quietMs: 20, maxMs: 250 });
  gathering.added();
  expect(gathering.open).toBe(true);
  for (let i = 0; i < 5; i += 1) {
    vi.advanceTimersByTime(15);
    gathering.added();
  }
  vi.advanceTimersByTime(19);
  expect(run).not.toHaveBeenCalled();
  vi.advanceTimersByTime(1);
  expect(run).toHaveBeenCalledTimes(1);
  expect(gathering.open).toBe(false);
});

it("runs maxMs after the first item when the items keep coming", () => {
  const start = performance.now();
  const ranAt: number[] = [];
  const run = vi.fn(() => ranAt.push(performance.now() - start));
  const gathering = quietWindow(run, { quietMs: 20, maxMs: 100 });
  gathering.added();
  for (let t = 10; t <= 200; t += 10) {
    vi.advanceTimersByTime(10);
    if (run.mock.calls.length === 0) gathering.added();
  }
  expect(ranAt).toEqual([100]);
  // The first run came at 100 ms: items that come after it open a window of their own.
  gathering.added();
  vi.advanceTimersByTime(20);
  expect(run).toHaveBeenCalledTimes(2);
});

it("with nothing added, never runs", () => {
  const run = vi.fn();
  quietWindow(run, { quietMs: 20, maxMs: 100 });
  vi.advanceTimersByTime(1000);
  expect(run).not.toHaveBeenCalled();
});

it("waits while busy, asking every quietMs, and no longer than maxMs", () => {
  const start = performance.now();
  const ranAt: number[] = [];
  let busy = true;
  const gathering = quietWindow(() => ranAt.push(performance.now() - start), { quietMs: 20, maxMs: 250, busy: () => busy });
  gathering.added();
  vi.advanceTimersByTime(50);
  expect(ranAt).toEqual([]);
  busy = false;
  vi.advanceTimersByTime(20);
  expect(ranAt).toEqual([60]);
  // Busy for good: the write still comes maxMs after the first item.
  busy = true;
  const second = performance.now() - start;
  gathering.added();
  vi.advanceTimersByTime(1000);
  expect(ranAt).toEqual([60, second + 250]);
});
