import { describe, expect, it } from "vitest";
import { relativeTime } from "./relative-time";

const now = new Date("2025-03-10T12:00:00.000Z");
const ago = (ms: number) => new Date(now.getTime() - ms).toISOString();
const S = 1000;
const M = 60 * S;
const H = 60 * M;
const D = 24 * H;

describe("relativeTime", () => {
  it.each([
    [0, "Just now"],
    [59 * S, "Just now"],
    [60 * S, "1m ago"],
    [59 * M + 59 * S, "59m ago"],
    [H, "1h ago"],
    [23 * H + 59 * M, "23h ago"],
    [D, "1d ago"],
    [45 * D, "45d ago"],
  ])("shows %i ms ago as %s", (ms, expected) => {
    expect(relativeTime(ago(ms), now)).toBe(expected);
  });

  it("reads a time slightly in the future as Just now", () => {
    expect(relativeTime(ago(-5 * S), now)).toBe("Just now");
  });

  it.each([null, undefined, "", "not a date"])("shows N/A for %s", (value) => {
    expect(relativeTime(value, now)).toBe("N/A");
  });
});
