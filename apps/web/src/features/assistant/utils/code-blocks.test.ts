import { describe, expect, it } from "vitest";
import { applyResult, codeBlocks } from "./code-blocks";
import { lineDiff } from "./line-diff";

describe("code blocks and Apply", () => {
  it("finds closed fenced blocks with their language and line", () => {
    expect(codeBlocks("intro\n```python\nprint(1)\n```\n~~~\nx\n~~~\n```\nopen")).toEqual([
      { index: 0, line: 2, lang: "python", code: "print(1)" },
      { index: 1, line: 5, lang: "", code: "x" },
    ]);
  });

  it("replaces the selected text when it is still there once, else the whole file", () => {
    expect(applyResult("a\nb = 1\nc\n", "b = 2", "b = 1")).toEqual({ next: "a\nb = 2\nc\n", scope: "selection" });
    expect(applyResult("x\nx\n", "y", "x")).toEqual({ next: "y\n", scope: "file" });
    expect(applyResult("old\n", "new", null)).toEqual({ next: "new\n", scope: "file" });
  });

  it("diffs lines, folding long unchanged runs", () => {
    const before = Array.from({ length: 20 }, (_, i) => `l${i}`).join("\n");
    const after = before.replace("l10", "L10");
    const d = lineDiff(before, after);
    expect(d.filter((l) => l.kind === "del")).toEqual([{ kind: "del", text: "l10" }]);
    expect(d.filter((l) => l.kind === "add")).toEqual([{ kind: "add", text: "L10" }]);
    expect(d.some((l) => l.kind === "fold")).toBe(true);
  });
});
