import { useState } from "react";
import toast from "react-hot-toast";
import { Check, Copy, FileDiff, TextCursorInput } from "lucide-react";
import type { TCodeBlock } from "../utils/code-blocks";

interface CodeBlockProps {
  block: TCodeBlock;
  /** False for view-only users: Insert and Apply are disabled (the server refuses them too). */
  canWrite: boolean;
  /** False while the answer is still streaming. */
  complete: boolean;
  onInsert: (block: TCodeBlock) => void;
  onApply: (block: TCodeBlock) => void;
}

const action = "inline-flex items-center gap-1 rounded px-2 py-1 text-xs text-slate-300 hover:bg-slate-800 disabled:cursor-not-allowed disabled:opacity-50 focus-visible:outline-2 focus-visible:outline-indigo-500";

/** A code block of an answer with Copy, Insert at cursor and Apply. */
export function CodeBlock({ block, canWrite, complete, onInsert, onApply }: CodeBlockProps) {
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(block.code);
      setCopied(true);
      setTimeout(() => setCopied(false), 2000);
    } catch {
      toast.error("Could not copy to the clipboard");
    }
  };
  const why = canWrite ? undefined : "View only: you cannot edit this room's code";
  return (
    <figure className="overflow-hidden rounded-md border border-slate-800 bg-slate-900" data-testid="assistant-code-block">
      <figcaption className="flex items-center gap-1 border-b border-slate-800 px-2 py-1">
        <span className="mr-auto text-xs text-slate-400">{block.lang || "code"}</span>
        <button type="button" className={action} onClick={() => void copy()}>
          {copied ? <Check className="size-3.5" aria-hidden /> : <Copy className="size-3.5" aria-hidden />}
          {copied ? "Copied" : "Copy"}
        </button>
        <button type="button" className={action} disabled={!canWrite || !complete} title={why} onClick={() => onInsert(block)}>
          <TextCursorInput className="size-3.5" aria-hidden />
          Insert at cursor
        </button>
        <button type="button" className={action} disabled={!canWrite || !complete} title={why} onClick={() => onApply(block)}>
          <FileDiff className="size-3.5" aria-hidden />
          Apply
        </button>
      </figcaption>
      <pre className="max-h-80 overflow-auto p-3 text-xs text-slate-100">
        <code>{block.code}</code>
      </pre>
    </figure>
  );
}
