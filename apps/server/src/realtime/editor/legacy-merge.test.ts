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

  it("keeps the client's insert and others' whole when a minimal diff would cut them mid-token (seen in the convergence test)", () => {
    // diff("sta[D0]rt", "sta[D1][D0]rt") may say: insert "1][D" after "sta[D"; others moved the text around it.
    const merged = merge("sta[D0]rt\n", "sta[D1][D0]rt\n", "s[A1]t[E0][B1][D0][B0]ar[A0]t\n[E1][E2][C0][C1]");
    expect(merged.replace(/\[[A-E]\d+\]/g, "")).toBe("start\n");
    for (const m of ["[D1]", "[D0]", "[A1]", "[E0]", "[B1]", "[B0]", "[A0]", "[E1]", "[E2]", "[C0]", "[C1]"]) expect(merged.split(m)).toHaveLength(2);
  });

  it("puts an insertion inside a word others also edited after the right letter", () => {
    expect(merge("one three", "one tXhree", "one two three")).toBe("one two tXhree");
  });

  it("measures how far two texts are apart", () => {
    expect(changedChars("abc", "abc")).toBe(0);
    expect(changedChars("abc", "abXc")).toBe(1);
  });
});

describe("mergeFullText against random concurrent edits", () => {
  /** A small seeded generator, so a failure names a case that can be replayed. */
  const rng = (seed: number) => () => {
    seed = (seed * 1103515245 + 12345) % 2147483648;
    return seed / 2147483648;
  };
  const MARKER = /\[[A-Z]\d+\]/g;
  /** Positions outside every marker, where an insert cannot split one. */
  const safe = (text: string) => [...Array(text.length + 1).keys()].filter((i) => text.lastIndexOf("[", i - 1) <= text.lastIndexOf("]", i - 1));

  it("never splits, loses or doubles a marker, whoever inserted it, while fillers come and go", () => {
    for (let seed = 1; seed <= 400; seed += 1) {
      const random = rng(seed);
      const pick = <T>(xs: T[]) => xs[Math.floor(random() * xs.length)]!;
      let n = 0;
      const insertAt = (text: string, who: string) => {
        const at = pick(safe(text));
        const ins = random() < 0.7 ? `[${who}${n++}]` : pick(["x", "y", " ", "\n"]);
        return text.slice(0, at) + ins + text.slice(at);
      };
      /** Mostly an insertion; sometimes the deletion of a filler character. */
      const edit = (text: string, who: string) => {
        const fillers = [...text].flatMap((ch, i) => ("xy ".includes(ch) ? [i] : []));
        if (fillers.length === 0 || random() < 0.75) return insertAt(text, who);
        const at = pick(fillers);
        return text.slice(0, at) + text.slice(at + 1);
      };
      let base = "start\n";
      for (let i = 0; i < 8; i += 1) base = insertAt(base, pick(["A", "B"]));
      let current = base;
      for (let i = 0; i < 1 + random() * 6; i += 1) current = edit(current, pick(["A", "B", "C"]));
      let mine = base;
      for (let i = 0; i < 1 + random() * 2; i += 1) mine = edit(mine, "D");
      const merged = merge(base, mine, current);
      // Every marker either side has, once each: markers are unique, and nobody deleted one.
      const expected = [...new Set([...(mine.match(MARKER) ?? []), ...(current.match(MARKER) ?? [])])].sort();
      expect((merged.match(MARKER) ?? []).sort(), `seed ${seed}: ${JSON.stringify({ base, mine, current, merged })}`).toEqual(expected);
      expect(merged.replace(MARKER, "").replace(/[xy \n]/g, ""), `seed ${seed}`).toBe("start");
    }
  });
});
