import diff from "fast-diff";
import { describe, expect, it } from "vitest";
import { alignedDiff } from "./aligned-diff";

const edits = (a: string, b: string) => alignedDiff(a, b).filter(([type]) => type !== diff.EQUAL);

describe("alignedDiff (edits where a person made them)", () => {
  it("keeps a bracketed insertion whole next to a similar one", () => {
    expect(edits("sta[D0]rt", "sta[D1][D0]rt")).toEqual([[diff.INSERT, "[D1]"]]);
    expect(edits("sta[D0]rt", "sta[D0][D1]rt")).toEqual([[diff.INSERT, "[D1]"]]);
  });

  it("moves an edit onto word boundaries", () => {
    expect(alignedDiff("one three", "one two three")).toEqual([
      [diff.EQUAL, "one "],
      [diff.INSERT, "two "],
      [diff.EQUAL, "three"],
    ]);
    expect(edits("f(x)", "f()(x)")).toEqual([[diff.INSERT, "()"]]);
  });

  it("still describes the same change", () => {
    const apply = (a: string, d: ReturnType<typeof alignedDiff>) => {
      let out = "";
      let i = 0;
      for (const [type, text] of d) {
        if (type === diff.INSERT) out += text;
        else {
          if (type === diff.EQUAL) out += a.slice(i, i + text.length);
          expect(a.slice(i, i + text.length)).toBe(text);
          i += text.length;
        }
      }
      return out;
    };
    for (const [a, b] of [["a[b]c[b]d", "a[b][b]c[b]d"], ["xxx", "xxxx"], ["", "abc"], ["abc", ""], ["(a)(b)", "(a)(c)(b)"], [" ".repeat(5000), " ".repeat(5001)], ["ab".repeat(3000), "ab".repeat(1500) + "[ab]" + "ab".repeat(1500)]] as const) {
      expect(apply(a, alignedDiff(a, b))).toBe(b);
    }
  });
});
