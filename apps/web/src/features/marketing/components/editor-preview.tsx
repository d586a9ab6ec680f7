import { Play } from "lucide-react";

const lines: { indent: number; parts: [string, string][] }[] = [
  { indent: 0, parts: [["text-violet-400", "def "], ["text-sky-300", "fibonacci"], ["text-slate-300", "(n):"]] },
  { indent: 1, parts: [["text-violet-400", "if "], ["text-slate-300", "n < "], ["text-amber-300", "2"], ["text-slate-300", ":"]] },
  { indent: 2, parts: [["text-violet-400", "return "], ["text-slate-300", "n"]] },
  {
    indent: 1,
    parts: [["text-violet-400", "return "], ["text-sky-300", "fibonacci"], ["text-slate-300", "(n - "], ["text-amber-300", "1"], ["text-slate-300", ") + "], ["text-sky-300", "fibonacci"], ["text-slate-300", "(n - "], ["text-amber-300", "2"], ["text-slate-300", ")"]],
  },
  { indent: 0, parts: [] },
  { indent: 0, parts: [["text-sky-300", "print"], ["text-slate-300", "(["], ["text-sky-300", "fibonacci"], ["text-slate-300", "(i) "], ["text-violet-400", "for "], ["text-slate-300", "i "], ["text-violet-400", "in "], ["text-sky-300", "range"], ["text-slate-300", "("], ["text-amber-300", "10"], ["text-slate-300", ")])"]] },
];

/** A static picture of a shared room: code, collaborators' cursors and the terminal. */
export function EditorPreview() {
  return (
    <figure
      aria-label="Preview of a CodeRoom editor"
      className="overflow-hidden rounded-2xl border border-slate-800 bg-slate-950 font-mono text-[13px] shadow-2xl shadow-indigo-900/30"
    >
      <div className="flex items-center gap-2 border-b border-slate-800 bg-slate-900 px-4 py-2.5">
        <span className="size-3 rounded-full bg-red-400" />
        <span className="size-3 rounded-full bg-amber-400" />
        <span className="size-3 rounded-full bg-emerald-400" />
        <span className="ml-3 text-xs text-slate-400">main.py · Room K7Q2XZ</span>
        <span className="ml-auto flex -space-x-1.5">
          {["bg-pink-500", "bg-sky-500", "bg-emerald-500"].map((c, i) => (
            <span key={c} className={`flex size-6 items-center justify-center rounded-full ${c} text-[10px] font-bold text-white ring-2 ring-slate-900`}>
              {"APR"[i]}
            </span>
          ))}
        </span>
      </div>
      {/* On a phone the code scrolls sideways: focusable, so a keyboard can scroll it too. */}
      <div className="overflow-x-auto px-4 py-4 leading-6 focus-visible:outline-2 focus-visible:outline-indigo-400" tabIndex={0} role="region" aria-label="Sample code">
        {lines.map((line, n) => (
          <div key={n} className="flex whitespace-pre">
            <span className="mr-4 w-4 text-right text-slate-400 select-none">{n + 1}</span>
            <span style={{ paddingLeft: `${line.indent * 2}ch` }}>
              {line.parts.map(([cls, text], i) => (
                <span key={i} className={cls}>
                  {text}
                </span>
              ))}
              {n === 2 && (
                <>
                  <span className="ml-0.5 inline-block h-4 w-0.5 translate-y-0.5 animate-pulse bg-pink-400" />
                  <span className="ml-2 rounded bg-pink-700 px-1.5 py-0.5 font-sans text-[10px] font-semibold text-white">
                    Priya is typing…
                  </span>
                </>
              )}
            </span>
          </div>
        ))}
      </div>
      <div className="border-t border-slate-800 bg-slate-900/70 px-4 py-3">
        <div className="mb-2 flex items-center gap-2 font-sans text-xs text-slate-400">
          <Play className="size-3.5 text-emerald-400" aria-hidden /> Terminal
        </div>
        <p className="text-emerald-400">Accepted</p>
        <p className="text-slate-300">[0, 1, 1, 2, 3, 5, 8, 13, 21, 34]</p>
        <p className="text-slate-400">Time: 27 ms</p>
      </div>
    </figure>
  );
}
