import { describe, expect, it } from "vitest";
import { cssString, remoteCursorCss } from "./remote-cursors";
import { changedRange } from "./changed-range";

describe("remote cursor labels", () => {
  it("escapes names so they cannot break out of the CSS string", () => {
    expect(cssString("Ada")).toBe('"Ada"');
    const hostile = cssString('x"}body{display:none}</style>');
    expect(hostile).not.toMatch(/[^\\]"(?!$)/);
    expect(hostile).not.toContain("{");
    expect(hostile).not.toContain("<");
  });

  it("labels each other client with the presence list's name and colour, not its own claim", () => {
    const states = new Map<number, Record<string, unknown>>([
      [1, { user: { id: "u1", name: "Me", color: "#000000" } }],
      [2, { user: { id: "u2", name: "Mallory", color: "red;}" } }],
      [3, { user: { id: "u9", name: "Stranger", color: "nope" } }],
    ]);
    const css = remoteCursorCss(states, 1, [{ id: "u2", name: "Alan", color: "#22c55e", isTyping: false, socketId: "s" }]);
    expect(css).not.toContain("yRemoteSelection-1");
    expect(css).toContain('.yRemoteSelectionHead-2::after{content:"Alan"');
    expect(css).toContain("border-left:2px solid #22c55e");
    expect(css).not.toContain("red;}");
    // Unknown to the presence list: its own name, a safe default colour.
    expect(css).toContain('content:"Stranger"');
    expect(css).toContain("#6366f1");
  });
});

describe("changedRange", () => {
  it("finds the single differing range", () => {
    expect(changedRange("hello world", "hello brave world")).toEqual({ start: 6, end: 6, insert: "brave " });
    expect(changedRange("abc", "abc")).toEqual({ start: 3, end: 3, insert: "" });
    expect(changedRange("aaa", "aa")).toEqual({ start: 2, end: 3, insert: "" });
    expect(changedRange("x = 1\ny = 2", "x = 1\ny = 3")).toEqual({ start: 10, end: 11, insert: "3" });
  });
});
