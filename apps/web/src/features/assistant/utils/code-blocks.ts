/** A fenced code block of an answer; `line` is the 1-based line of its opening fence. */
export interface TCodeBlock {
  index: number;
  line: number;
  lang: string;
  code: string;
}

/** The fenced code blocks of a Markdown answer, as the server counts them (``` or ~~~ at a line start). */
export function codeBlocks(markdown: string): TCodeBlock[] {
  const blocks: TCodeBlock[] = [];
  const lines = markdown.split("\n");
  let open: { fence: string; line: number; lang: string; body: string[] } | null = null;
  lines.forEach((text, i) => {
    const m = /^ {0,3}(`{3,}|~{3,})\s*([\w+#.-]*)/.exec(text);
    if (!open) {
      if (m) open = { fence: m[1]!, line: i + 1, lang: m[2] ?? "", body: [] };
      return;
    }
    if (m && m[1]!.startsWith(open.fence) && text.trim() === m[1]) {
      blocks.push({ index: blocks.length, line: open.line, lang: open.lang, code: open.body.join("\n") });
      open = null;
    } else open.body.push(text);
  });
  return blocks;
}

/**
 * The text Apply produces: the block replaces the text that was selected when the
 * question was asked if it is still there exactly once, otherwise the whole file
 * (the assistant is told to answer with the complete selection or file).
 */
export function applyResult(current: string, code: string, selectedText: string | null): { next: string; scope: "selection" | "file" } {
  const body = current.endsWith("\n") && !code.endsWith("\n") ? `${code}\n` : code;
  if (selectedText && selectedText.trim()) {
    const at = current.indexOf(selectedText);
    if (at >= 0 && current.indexOf(selectedText, at + 1) < 0) {
      return { next: current.slice(0, at) + code + current.slice(at + selectedText.length), scope: "selection" };
    }
  }
  return { next: body, scope: "file" };
}
