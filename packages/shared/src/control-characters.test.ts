import { describe, expect, it } from "vitest";
import { validationMessages as m } from "./messages";
import { zCode, zContactMessage, zFullName } from "./validation";
import { zRoomName } from "./schemas/rooms";

const firstMessage = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.success ? undefined : result.error?.issues[0]?.message;

describe("control characters (issue 11, finding 2)", () => {
  it.each(["\u0000", "\u0007", "\u001b", "\u007f", "\u0085", "\t", "\n"])("a name refuses U+%s", (c) => {
    expect(firstMessage(zFullName.safeParse(`Ann${c}Lee`))).toBe(m.controlCharacters);
    expect(firstMessage(zRoomName.safeParse(`Room${c}One`))).toBe(m.controlCharacters);
  });

  it("a message keeps tabs and line breaks but refuses NUL and escape codes", () => {
    expect(zContactMessage.safeParse("Line one\n\tLine two\r\n").success).toBe(true);
    expect(firstMessage(zContactMessage.safeParse("Hello there\u0000!"))).toBe(m.controlCharacters);
    expect(firstMessage(zContactMessage.safeParse("Hello there\u001b[2J"))).toBe(m.controlCharacters);
  });

  it("code refuses only NUL", () => {
    expect(zCode().safeParse("a\tb\r\n\u001b[0m\u007f\u0085é").success).toBe(true);
    expect(firstMessage(zCode().safeParse("main(){}\u0000"))).toBe(m.codeNul);
  });
});
