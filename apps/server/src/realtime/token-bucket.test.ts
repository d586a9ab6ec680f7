import { describe, expect, it } from "vitest";
import { MessageBudget, TokenBucket } from "./token-bucket";

describe("TokenBucket", () => {
  it("lets a burst through, then refills at its rate and never above the burst", () => {
    const bucket = new TokenBucket(10, 3, 0);
    for (let i = 0; i < 3; i += 1) {
      expect(bucket.holds(1, 0)).toBe(true);
      bucket.spend(1);
    }
    expect(bucket.holds(1, 0)).toBe(false);
    expect(bucket.holds(1, 100)).toBe(true);
    expect(bucket.holds(4, 60_000)).toBe(false);
    expect(bucket.holds(3, 60_000)).toBe(true);
  });
});

describe("MessageBudget", () => {
  it("refuses a message when either its count or its bytes are spent", () => {
    const budget = new MessageBudget({ messagesPerSecond: 1, messagesBurst: 2, bytesPerSecond: 100, bytesBurst: 100 }, 0);
    expect(budget.holds(80, 0)).toBe(true);
    budget.spend(80);
    expect(budget.holds(30, 0)).toBe(false);
    expect(budget.holds(20, 0)).toBe(true);
    budget.spend(20);
    expect(budget.holds(0, 0)).toBe(false);
  });
});
