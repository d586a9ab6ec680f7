import { describe, expect, it } from "vitest";
import { formatIst } from "./ist-date";

describe("formatIst", () => {
  it("formats in India time (UTC+5:30), en-IN, 24-hour, with the IST suffix", () => {
    expect(formatIst("2025-01-05T09:00:07Z")).toBe("05 Jan 2025, 14:30 IST");
  });

  it("moves to the next Indian day and shows midnight as 00, not 24", () => {
    expect(formatIst("2025-01-05T18:40:00Z")).toBe("06 Jan 2025, 00:10 IST");
  });

  it("takes a Date as well as an ISO string", () => {
    expect(formatIst(new Date("2026-12-06T03:38:00Z"))).toBe("06 Dec 2026, 09:08 IST");
  });

  it.each([null, undefined, "", "garbage"])("shows N/A for %s", (value) => {
    expect(formatIst(value)).toBe("N/A");
  });
});
