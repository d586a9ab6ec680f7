import { describe, expect, it } from "vitest";
import { isCompleteRoomId, normalizeRoomIdInput } from "./room-id-input";

describe("normalizeRoomIdInput", () => {
  it.each([
    ["ab12cd", "AB12CD"],
    ["ab-12 c!d", "AB12CD"],
    ["  x y z  ", "XYZ"],
    ["abcdefgh", "ABCDEF"],
    ["ßé漢字12", "12"],
    ["", ""],
  ])("turns %j into %j", (raw, expected) => {
    expect(normalizeRoomIdInput(raw)).toBe(expected);
  });
});

describe("isCompleteRoomId", () => {
  it("accepts exactly 6 upper-case letters or digits", () => {
    expect(isCompleteRoomId("AB12CD")).toBe(true);
    expect(isCompleteRoomId("AB12C")).toBe(false);
    expect(isCompleteRoomId("ab12cd")).toBe(false);
  });
});
