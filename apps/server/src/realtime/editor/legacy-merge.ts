import diff from "fast-diff";
import { alignedDiff } from "./aligned-diff";

/** One edit against the current text. */
export type TextOp = { kind: "delete"; at: number; length: number } | { kind: "insert"; at: number; text: string };

interface Segment {
  type: number;
  baseStart: number;
  baseLen: number;
  curStart: number;
}

/** The segments of base → current: equal runs, runs others deleted, runs others inserted. */
function segments(base: string, current: string): Segment[] {
  const out: Segment[] = [];
  let b = 0;
  let c = 0;
  // Every character both texts share stays an anchor; others' edits sit on natural boundaries ("one t[wo t]hree" → "one [two ]three").
  for (const [type, text] of alignedDiff(base, current)) {
    if (type === diff.EQUAL) {
      out.push({ type, baseStart: b, baseLen: text.length, curStart: c });
      b += text.length;
      c += text.length;
    } else if (type === diff.DELETE) {
      out.push({ type, baseStart: b, baseLen: text.length, curStart: c });
      b += text.length;
    } else {
      out.push({ type, baseStart: b, baseLen: 0, curStart: c });
      c += text.length;
    }
  }
  return out;
}

/** Where a base position is in the current text (before text others inserted there). */
function mapPoint(segs: Segment[], p: number, curLength: number): number {
  for (const s of segs) {
    if (s.type === diff.INSERT) {
      if (s.baseStart === p) return s.curStart;
      continue;
    }
    if (p < s.baseStart + s.baseLen) return s.type === diff.EQUAL ? s.curStart + (p - s.baseStart) : s.curStart;
  }
  return curLength;
}

/**
 * Three-way merge of a full-text edit: `mine` was made from `base`, the document has
 * moved on to `current`. Returns the edits that apply mine's changes to `current`,
 * in the order to apply them (back to front): deletions remove only characters that
 * still exist (text others inserted inside the range stays), insertions land where
 * their base position now is. A legacy client therefore never wipes concurrent edits.
 */
export function mergeFullText(base: string, mine: string, current: string): TextOp[] {
  const segs = segments(base, current);
  const ops: Array<TextOp & { seq: number }> = [];
  let b = 0;
  let seq = 0;
  for (const [type, text] of alignedDiff(base, mine)) {
    if (type === diff.EQUAL) {
      b += text.length;
    } else if (type === diff.DELETE) {
      const end = b + text.length;
      for (const s of segs) {
        if (s.type !== diff.EQUAL) continue;
        const from = Math.max(b, s.baseStart);
        const to = Math.min(end, s.baseStart + s.baseLen);
        if (from < to) ops.push({ kind: "delete", at: s.curStart + (from - s.baseStart), length: to - from, seq: seq++ });
      }
      b = end;
    } else {
      ops.push({ kind: "insert", at: mapPoint(segs, b, current.length), text, seq: seq++ });
    }
  }
  // Back to front; at one position a deletion goes first, and later inserts before earlier ones.
  ops.sort((x, y) => y.at - x.at || (x.kind === y.kind ? y.seq - x.seq : x.kind === "delete" ? -1 : 1));
  return ops.map(({ seq: _seq, ...op }) => op);
}

/** Applies ops (from mergeFullText) to a string: the reference the Y.Text edit must match. */
export function applyOps(text: string, ops: TextOp[]): string {
  let out = text;
  for (const op of ops) {
    out = op.kind === "delete" ? out.slice(0, op.at) + out.slice(op.at + op.length) : out.slice(0, op.at) + op.text + out.slice(op.at);
  }
  return out;
}

/** Rough edit distance (characters changed), to pick which text a legacy client edited. */
export function changedChars(a: string, b: string): number {
  let n = 0;
  for (const [type, text] of diff(a, b)) if (type !== diff.EQUAL) n += text.length;
  return n;
}
