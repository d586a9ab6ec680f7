export interface TDiffLine {
  kind: "same" | "add" | "del";
  text: string;
}

const LCS_LIMIT = 1_500;

/**
 * A line diff for the Apply preview: common head and tail are trimmed, the middle is
 * diffed by longest common subsequence when small, else shown as removed + added.
 * Unchanged runs longer than `context` lines are folded to their edges.
 */
export function lineDiff(before: string, after: string, context = 3): (TDiffLine | { kind: "fold"; count: number })[] {
  const a = before.split("\n");
  const b = after.split("\n");
  let head = 0;
  while (head < a.length && head < b.length && a[head] === b[head]) head++;
  let tail = 0;
  while (tail < a.length - head && tail < b.length - head && a[a.length - 1 - tail] === b[b.length - 1 - tail]) tail++;
  const midA = a.slice(head, a.length - tail);
  const midB = b.slice(head, b.length - tail);
  const middle: TDiffLine[] =
    midA.length * midB.length <= LCS_LIMIT * LCS_LIMIT && midA.length <= LCS_LIMIT && midB.length <= LCS_LIMIT
      ? lcs(midA, midB)
      : [...midA.map((text) => ({ kind: "del" as const, text })), ...midB.map((text) => ({ kind: "add" as const, text }))];
  const lines: TDiffLine[] = [
    ...a.slice(0, head).map((text) => ({ kind: "same" as const, text })),
    ...middle,
    ...a.slice(a.length - tail).map((text) => ({ kind: "same" as const, text })),
  ];
  return fold(lines, context);
}

function lcs(a: string[], b: string[]): TDiffLine[] {
  const n = a.length;
  const m = b.length;
  const dp = Array.from({ length: n + 1 }, () => new Uint16Array(m + 1));
  for (let i = n - 1; i >= 0; i--) for (let j = m - 1; j >= 0; j--) dp[i]![j] = a[i] === b[j] ? dp[i + 1]![j + 1]! + 1 : Math.max(dp[i + 1]![j]!, dp[i]![j + 1]!);
  const out: TDiffLine[] = [];
  let i = 0;
  let j = 0;
  while (i < n && j < m) {
    if (a[i] === b[j]) {
      out.push({ kind: "same", text: a[i]! });
      i++;
      j++;
    } else if (dp[i + 1]![j]! >= dp[i]![j + 1]!) out.push({ kind: "del", text: a[i++]! });
    else out.push({ kind: "add", text: b[j++]! });
  }
  while (i < n) out.push({ kind: "del", text: a[i++]! });
  while (j < m) out.push({ kind: "add", text: b[j++]! });
  return out;
}

function fold(lines: TDiffLine[], context: number): (TDiffLine | { kind: "fold"; count: number })[] {
  const out: (TDiffLine | { kind: "fold"; count: number })[] = [];
  let i = 0;
  while (i < lines.length) {
    if (lines[i]!.kind !== "same") {
      out.push(lines[i++]!);
      continue;
    }
    let j = i;
    while (j < lines.length && lines[j]!.kind === "same") j++;
    const run = lines.slice(i, j);
    const keepHead = i === 0 ? 0 : context;
    const keepTail = j === lines.length ? 0 : context;
    if (run.length > keepHead + keepTail + 1) {
      out.push(...run.slice(0, keepHead), { kind: "fold", count: run.length - keepHead - keepTail }, ...run.slice(run.length - keepTail));
    } else out.push(...run);
    i = j;
  }
  return out;
}
