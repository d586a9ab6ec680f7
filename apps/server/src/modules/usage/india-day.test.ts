import { expect, it } from "vitest";
import { nextIndiaMidnight } from "../ai/ai-quota";
import { indiaDay } from "./daily-usage";

const tzDay = new Intl.DateTimeFormat("en-CA", { timeZone: "Asia/Kolkata", year: "numeric", month: "2-digit", day: "2-digit" });

it("indiaDay agrees with the time-zone database, around India's midnight and across years", () => {
  // 18:29:59.999 and 18:30 UTC are the last and first instants of an Indian day.
  const instants: Date[] = [];
  for (let year = 1970; year <= 2100; year += 7) {
    for (const month of [0, 1, 2, 5, 11]) {
      for (const day of [1, 28]) {
        const midnightIst = Date.UTC(year, month, day, 18, 30);
        for (const delta of [-1, 0, 1, 3_600_000, -3_600_000, 5 * 3_600_000 + 29 * 60_000]) instants.push(new Date(midnightIst + delta));
      }
    }
  }
  instants.push(new Date(Date.UTC(2024, 1, 29, 18, 29, 59, 999)), new Date(Date.UTC(2024, 1, 29, 18, 30)));
  for (const at of instants) expect(indiaDay(at), at.toISOString()).toBe(tzDay.format(at));
});

it("the next India midnight starts the next India day", () => {
  for (const at of [new Date("2026-12-03T18:29:59.999Z"), new Date("2026-12-03T18:30:00Z"), new Date("2026-12-31T23:00:00Z")]) {
    const next = nextIndiaMidnight(at);
    expect(next.getTime()).toBeGreaterThan(at.getTime());
    expect(indiaDay(next)).not.toBe(indiaDay(at));
    expect(indiaDay(new Date(next.getTime() - 1))).toBe(indiaDay(at));
  }
});
