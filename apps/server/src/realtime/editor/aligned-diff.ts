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

const score = (before: string, edit: string, after: string) =>
  (balanced(edit) ? 10 : 0) + boundaryScore(before.at(-1), edit[0]) + boundaryScore(edit.at(-1), after[0]);

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
    // Slide as far left as the edit allows, then try every place rightwards.
    let common = 0;
    while (common < prevText.length && common < text.length && prevText.at(-1 - common) === text.at(-1 - common)) common += 1;
    let before = prevText.slice(0, prevText.length - common);
    let edit = prevText.slice(prevText.length - common) + text.slice(0, text.length - common);
    let after = text.slice(text.length - common) + nextText;
    let best = { before, edit, after, score: score(before, edit, after) };
    while (edit.length > 0 && edit[0] === after[0]) {
      before += edit[0];
      edit = edit.slice(1) + after[0];
      after = after.slice(1);
      const s = score(before, edit, after);
      if (s >= best.score) best = { before, edit, after, score: s };
    }
    d[i - 1] = [diff.EQUAL, best.before];
    d[i] = [type, best.edit];
    d[i + 1] = [diff.EQUAL, best.after];
  }
  return d.filter(([type, text]) => type !== diff.EQUAL || text.length > 0);
}
