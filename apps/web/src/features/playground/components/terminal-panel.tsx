import { Sparkles } from "lucide-react";
import clsx from "clsx";
import { playgroundMessages } from "@coderoom/shared/messages";
import { isCancelledRun, runHeading } from "@coderoom/shared/run-heading";
import { runStatus, type TRunResult } from "@coderoom/shared/schemas/run";
import { Spinner } from "../../../components/ui/spinner.tsx";
import type { TLiveRun } from "../room-reducer";
import { queuedLabel } from "./queued-label";

/** Non-blank lines of a stream (spec §2: blank lines are dropped). */
export const linesOf = (text: string | null | undefined): string[] =>
  (text ?? "").split(/\r?\n/).filter((line) => line.trim() !== "");

/** Spec §2 terminal: the last result (status, output lines, time) or the run streaming in. */
export function TerminalPanel({ result, run, onFix }: { result: TRunResult | null; run: TLiveRun | null; onFix?: () => void }) {
  return (
    <div
      role="log"
      aria-label="Terminal"
      aria-live="polite"
      className="h-full overflow-auto bg-slate-950 p-3 pb-20 font-mono lg:pb-3 text-sm leading-6 text-slate-200"
    >
      {run ? <LiveOutput run={run} /> : result ? <RunResult result={result} onFix={onFix} /> : <Placeholder />}
    </div>
  );
}

function Placeholder() {
  return <p className="text-slate-400">{playgroundMessages.terminalPlaceholder}</p>;
}

function LiveOutput({ run }: { run: TLiveRun }) {
  const label =
    run.state === "queued" ? queuedLabel(run.position) : run.state === "running" ? "Running..." : "Starting...";
  return (
    <div>
      <p className="flex items-center gap-2 text-indigo-300">
        <Spinner className="size-3.5" />
        {label}
        {run.by && <span className="text-slate-400">· started by {run.by.name}</span>}
      </p>
      <pre className="whitespace-pre-wrap break-words">
        {run.output.map((chunk, i) => (
          <span key={i} className={chunk.stream === "stderr" ? "text-red-400" : undefined}>
            {chunk.data}
          </span>
        ))}
      </pre>
    </div>
  );
}

function RunResult({ result, onFix }: { result: TRunResult; onFix?: () => void }) {
  const ok = result.status.id === runStatus.accepted.id;
  const lines = [
    ...linesOf(result.stdout).map((text) => ({ text, kind: "stdout" })),
    ...linesOf(result.compile_output).map((text) => ({ text, kind: "compile" })),
    ...linesOf(result.stderr).map((text) => ({ text, kind: "stderr" })),
  ];
  return (
    <div>
      <p data-testid="terminal-status" className={clsx("font-semibold", ok ? "text-emerald-400" : "text-red-400")}>
        {runHeading(result)}
      </p>
      {lines.map((line, i) => (
        <p
          key={i}
          className={clsx("break-words whitespace-pre-wrap", line.kind === "stdout" ? (ok ? "text-slate-100" : "text-red-300") : "text-red-400")}
        >
          {line.text}
        </p>
      ))}
      {/* The sandbox measures the program's CPU time, not how long it took on the clock. */}
      {ok && result.time !== null && <p className="mt-1 text-slate-400">CPU time: {result.time} ms</p>}
      {!ok && onFix && !isCancelledRun(result) && (
        <button
          type="button"
          onClick={onFix}
          className="mt-2 inline-flex items-center gap-1.5 rounded-md bg-indigo-500/15 px-2 py-1 font-sans text-xs font-semibold text-indigo-300 hover:bg-indigo-500/25 focus-visible:outline-2 focus-visible:outline-indigo-500"
        >
          <Sparkles className="size-3.5" aria-hidden />
          Fix with the assistant
        </button>
      )}
    </div>
  );
}
