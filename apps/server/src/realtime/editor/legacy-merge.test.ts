import { describe, expect, it } from "vitest";
import { applyOps, changedChars, mergeFullText } from "./legacy-merge";

const merge = (base: string, mine: string, current: string) => applyOps(current, mergeFullText(base, mine, current));

describe("mergeFullText (legacy codeChange against the text the client last saw)", () => {
  it("gives the client's text when nothing else changed", () => {
    expect(merge("hello world", "hello brave world", "hello world")).toBe("hello brave world");
    expect(merge("abc", "", "abc")).toBe("");
  });

  it("keeps a concurrent edit on another line (the original server lost one of them)", () => {
    expect(merge("line1\nline2\n", "line1 mine\nline2\n", "line1\nline2 theirs\n")).toBe("line1 mine\nline2 theirs\n");
  });

  it("does not delete text others inserted inside the range the client deleted", () => {
    expect(merge("aaa BBB ccc", "aaa ccc", "aaa BB[x]B ccc")).toBe("aaa [x]ccc");
  });

  it("does not resurrect text others deleted, and inserts where the base position now is", () => {
    expect(merge("one two three", "one two! three", "one three")).toBe("one !three");
    expect(merge("abc", "abXc", "Zabc")).toBe("ZabXc");
  });

  it("keeps the client's inserts in order when they land on the same spot", () => {
    expect(merge("a-b", "a1-2b", "ab")).toBe("a12b");
  });

  it("measures how far two texts are apart", () => {
    expect(changedChars("abc", "abc")).toBe(0);
    expect(changedChars("abc", "abXc")).toBe(1);
  });
});
