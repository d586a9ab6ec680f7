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
  const window = quietWindow(run, { quietMs: 20, maxMs: 250 });
  window.added();
  expect(window.open).toBe(true);
  for (let i = 0; i < 5; i += 1) {
    vi.advanceTimersByTime(15);
    window.added();
  }
  vi.advanceTimersByTime(19);
  expect(run).not.toHaveBeenCalled();
  vi.advanceTimersByTime(1);
  expect(run).toHaveBeenCalledTimes(1);
  expect(window.open).toBe(false);
});

it("runs maxMs after the first item when the items keep coming", () => {
  const start = performance.now();
  const ranAt: number[] = [];
  const run = vi.fn(() => ranAt.push(performance.now() - start));
  const window = quietWindow(run, { quietMs: 20, maxMs: 100 });
  window.added();
  for (let t = 10; t <= 200; t += 10) {
    vi.advanceTimersByTime(10);
    if (run.mock.calls.length === 0) window.added();
  }
  expect(ranAt).toEqual([100]);
  // The first run came at 100 ms: items that come after it open a window of their own.
  window.added();
  vi.advanceTimersByTime(20);
  expect(run).toHaveBeenCalledTimes(2);
});

it("with nothing added, never runs", () => {
  const run = vi.fn();
  quietWindow(run, { quietMs: 20, maxMs: 100 });
  vi.advanceTimersByTime(1000);
  expect(run).not.toHaveBeenCalled();
});
