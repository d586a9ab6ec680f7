import diff from "fast-diff";

const PAIRS: Record<string, string> = { ")": "(", "]": "[", "}": "{" };

/** Whether every bracket in a run closes one it opened: "[D1]" is whole, "1][D" is not. */
function balanced(text: string): boolean {
  const open: string[] = [];
  for (const ch of text) {
    if (ch === "(" || ch === "[" || ch === "{") open.push(ch);
    else if (PAIRS[ch] && open.pop() !== PAIRS[ch]) return false;
  }
  return open.length === 0;
}

/** How natural a place the gap between two characters is for an edit to begin or end (after diff-match-patch). */
function boundaryScore(left: string | undefined, right: string | undefined): number {
  if (left === undefined || right === undefined) return 5;
  if (left === "\n" || right === "\n") return 4;
  if (/\s/.test(left) || /\s/.test(right)) return 3;
  if (/[^a-zA-Z0-9]/.test(left) || /[^a-zA-Z0-9]/.test(right)) return 1;
  return 0;
}

/** Far enough for any token; keeps a paste into a long run of one character linear. */
const MAX_SLIDE = 256;
const MAX_BALANCED_CHECK = 1024;

/**
 * A diff whose edits sit where a person would have made them. An insertion into
 * "[A0]" that gives "[A1][A0]" is as validly "[A" + "1][A" + "0]" as "" + "[A1]" + "[A0]";
 * a minimal diff picks either. Each edit between two equal runs slides to the place
 * whose run is whole (brackets balanced) and whose ends fall on word or line
 * boundaries, so mapping it onto a text others changed keeps it in one piece.
 */
export function alignedDiff(a: string, b: string): diff.Diff[] {
  const d: diff.Diff[] = [[diff.EQUAL, ""], ...diff(a, b), [diff.EQUAL, ""]];
  for (let i = 1; i < d.length - 1; i += 1) {
    const [prevType, prevText] = d[i - 1]!;
    const [type, text] = d[i]!;
    const [nextType, nextText] = d[i + 1]!;
    if (type === diff.EQUAL || prevType !== diff.EQUAL || nextType !== diff.EQUAL) continue;
    // The text around the edit is the same wherever it sits: prev + edit + next. Slide the
    // edit's window as far left as it goes, then score each place rightwards.
    const all = prevText + text + nextText;
    const len = text.length;
    let start = prevText.length;
    while (start > 0 && prevText.length - start < MAX_SLIDE && all[start - 1] === all[start + len - 1]) start -= 1;
    const scoreAt = (at: number) =>
      (len <= MAX_BALANCED_CHECK && balanced(all.slice(at, at + len)) ? 10 : 0) +
      boundaryScore(all[at - 1], all[at]) +
      boundaryScore(all[at + len - 1], all[at + len]);
    let best = start;
    let bestScore = scoreAt(start);
    for (let at = start + 1; at - start <= 2 * MAX_SLIDE && all[at - 1] === all[at + len - 1]; at += 1) {
      const s = scoreAt(at);
      if (s >= bestScore) [best, bestScore] = [at, s];
    }
    d[i - 1] = [diff.EQUAL, all.slice(0, best)];
    d[i] = [type, all.slice(best, best + len)];
    d[i + 1] = [diff.EQUAL, all.slice(best + len)];
  }
  return d.filter(([type, text]) => type !== diff.EQUAL || text.length > 0);
}
