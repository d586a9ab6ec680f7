import type { TAssistantSelection } from "@coderoom/shared/schemas/assistant";
import type { TRunResult } from "@coderoom/shared/schemas/run";

/** Rough size of a token in characters: enough to keep prompts inside the provider's window. */
export const CHARS_PER_TOKEN = 4;

export interface CodeExcerpt {
  text: string;
  /** 1-based, inclusive. */
  firstLine: number;
  lastLine: number;
  totalLines: number;
  /** The selected text (possibly cut to the budget), "" for a cursor. */
  selected: string;
}

/**
 * The part of the code that fits `budgetChars`, grown line by line around the selection
 * (or the cursor, or the top of the file), so a 512 KB file still yields a useful prompt.
 * Works on line offsets: every question of a burst reads the whole file, and splitting it
 * into a string per line was a quarter of the server's work per question.
 */
export function codeExcerpt(code: string, selection: TAssistantSelection | null | undefined, budgetChars: number): CodeExcerpt {
  const lines = lineIndex(code);
  const total = lines.count;
  const clampLine = (n: number) => Math.min(Math.max(n, 1), total);
  const startLine = clampLine(selection?.startLine ?? 1);
  const endLine = Math.max(startLine, clampLine(selection?.endLine ?? startLine));
  const selected = selection ? selectedText(code, lines, selection, startLine, endLine) : "";
  // Each line costs its length and its newline.
  const cost = (i: number) => lines.end(i) - lines.start(i) + 1;

  let lo = startLine - 1;
  let hi = lo;
  let used = cost(lo);
  // The whole file fits (lines and newlines): no line needs weighing.
  if (code.length + 1 <= budgetChars) [lo, hi, used] = [0, total - 1, code.length + 1];
  // The selection's own lines first, top down, as far as the budget goes.
  while (hi + 1 <= endLine - 1 && used + cost(hi + 1) <= budgetChars) used += cost(++hi);
  // Then context on both sides, one line at a time, nearest first.
  let grew = true;
  while (grew) {
    grew = false;
    if (lo > 0 && used + cost(lo - 1) <= budgetChars) {
      used += cost(--lo);
      grew = true;
    }
    if (hi + 1 < total && used + cost(hi + 1) <= budgetChars) {
      used += cost(++hi);
      grew = true;
    }
  }
  let text = code.slice(lines.start(lo), lines.end(hi));
  // A single line longer than the budget (minified code): cut it around the cursor column.
  if (text.length > budgetChars) {
    const col = lo === startLine - 1 ? (selection?.startColumn ?? 1) - 1 : 0;
    const from = Math.max(0, Math.min(col - Math.floor(budgetChars / 2), text.length - budgetChars));
    text = text.slice(from, from + budgetChars);
  }
  return { text, firstLine: lo + 1, lastLine: hi + 1, totalLines: total, selected: selected.slice(0, budgetChars) };
}

/** Where each line (0-based) starts and ends in `code`, newline excluded. */
function lineIndex(code: string) {
  const starts = [0];
  for (let nl = code.indexOf("\n"); nl !== -1; nl = code.indexOf("\n", nl + 1)) starts.push(nl + 1);
  return {
    count: starts.length,
    start: (i: number) => starts[i]!,
    end: (i: number) => (i + 1 < starts.length ? starts[i + 1]! - 1 : code.length),
  };
}

function selectedText(code: string, lines: ReturnType<typeof lineIndex>, s: TAssistantSelection, startLine: number, endLine: number): string {
  const firstLine = code.slice(lines.start(startLine - 1), lines.end(startLine - 1));
  if (startLine === endLine) return firstLine.slice(s.startColumn - 1, Math.max(s.startColumn - 1, s.endColumn - 1));
  const lastLine = code.slice(lines.start(endLine - 1), lines.end(endLine - 1));
  // Columns cut inside the first and last lines only, as an editor does.
  const middle = startLine + 1 < endLine ? code.slice(lines.start(startLine), lines.end(endLine - 2)) : null;
  return [firstLine.slice(s.startColumn - 1), ...(middle === null ? [] : [middle]), lastLine.slice(0, s.endColumn - 1)].join("\n");
}

/** Keeps the end of a text (errors and the last output are at the end), marking the cut. */
export function tail(text: string, maxChars: number): string {
  if (text.length <= maxChars) return text;
  const kept = text.slice(text.length - maxChars);
  return `[... ${text.length - maxChars} earlier characters cut]\n${kept}`;
}

/** The last run as the assistant sees it: status, compile output, stderr and stdout, within the budget. */
export function terminalSummary(result: TRunResult | null | undefined, budgetChars: number): string | null {
  if (!result) return null;
  const head = `status: ${result.status.description} (id ${result.status.id}), exit code: ${result.exit_code ?? "none"}, time: ${result.time ?? "?"} ms`;
  // Errors matter most for a fix: compile output and stderr get their share first.
  const parts: [string, string | null][] = [
    ["compile output", result.compile_output],
    ["stderr", result.stderr],
    ["stdout", result.stdout],
  ];
  let left = Math.max(0, budgetChars - head.length);
  const sections: string[] = [head];
  for (const [name, value] of parts) {
    if (!value) continue;
    const share = Math.max(200, Math.floor(left / 2));
    const body = tail(value, Math.min(share, left));
    left -= body.length;
    sections.push(`${name}:\n${body}`);
  }
  return sections.join("\n");
}

/** True when the run did not succeed (anything but Accepted). */
export function runFailed(result: TRunResult | null | undefined): boolean {
  return !!result && result.status.id !== 3;
}
