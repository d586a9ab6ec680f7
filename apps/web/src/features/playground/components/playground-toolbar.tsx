import { useEffect, useId, useRef, useState } from "react";
import { Play, Save, Square } from "lucide-react";
import clsx from "clsx";
import { limits } from "@coderoom/shared/constants/limits";
import { playgroundMessages } from "@coderoom/shared/messages";
import { Button } from "../../../components/ui/button.tsx";
import { UserInputModal } from "./user-input-modal.tsx";
import { queuedLabel } from "./queued-label";

export type TAccess = "Owner" | "View Only" | "Anyone Can Edit";

/** The Run button's state: idle, or a run of this room waiting / running. */
export type TRunPhase = "idle" | "requested" | "queued" | "running";

interface ToolbarProps {
  languageName: string;
  fontSize: number;
  onFontSize: (size: number) => void;
  access: TAccess;
  isOwner: boolean;
  saving: boolean;
  onSave: () => void;
  runPhase: TRunPhase;
  /** Position in the queue while queued (1 = next). */
  queuePosition?: number | null;
  canStop: boolean;
  onRun: (stdin: string) => void;
  onStop: () => void;
  /** Grows by one on each Ctrl/Cmd+Enter: acts as the Run button (or the input dialog's Run). */
  runRequest?: number;
  /** My runs left today on a limited plan (null: unlimited or not known yet). */
  runsLeft?: { left: number; of: number } | null;
}

const { min, max, step } = limits.fontSizes;
export const fontSizeOptions = Array.from({ length: (max - min) / step + 1 }, (_, i) => min + i * step);

const accessStyles: Record<TAccess, string> = {
  Owner: "bg-amber-500/15 text-amber-300 ring-amber-500/30",
  "View Only": "bg-slate-500/15 text-slate-300 ring-slate-500/30",
  "Anyone Can Edit": "bg-emerald-500/15 text-emerald-300 ring-emerald-500/30",
};

/** Spec §2 toolbar: language, font size, access, Save Code, User Input and Run Code (+ Stop). */
export function PlaygroundToolbar(props: ToolbarProps) {
  const { languageName, fontSize, onFontSize, access, isOwner, saving, onSave, runPhase, canStop } = props;
  const fontId = useId();
  const [withInput, setWithInput] = useState(false);
  const [inputOpen, setInputOpen] = useState(false);
  const [stdin, setStdin] = useState("");
  const busy = runPhase !== "idle";

  const run = (input: string) => {
    props.onRun(input);
    // Spec §4: the input is cleared after the run.
    setStdin("");
    setInputOpen(false);
  };
  const onRunClick = () => (withInput ? setInputOpen(true) : run(""));

  const lastRequest = useRef(props.runRequest);
  useEffect(() => {
    if (props.runRequest === lastRequest.current) return;
    lastRequest.current = props.runRequest;
    if (busy) return;
    if (inputOpen) run(stdin);
    else onRunClick();
  });

  return (
    <div role="group" aria-label="Editor toolbar" className="flex flex-wrap items-center gap-2 border-b border-slate-800 bg-slate-900 px-3 py-2 text-slate-200">
      <span className="rounded-md bg-indigo-500/15 px-2 py-1 text-xs font-bold tracking-wide text-indigo-300 ring-1 ring-indigo-500/30">
        {languageName.toUpperCase()}
      </span>
      <label htmlFor={fontId} className="sr-only">
        Font size
      </label>
      <select
        id={fontId}
        value={fontSize}
        onChange={(e) => onFontSize(Number(e.target.value))}
        className="h-8 rounded-md border border-slate-700 bg-slate-800 px-2 text-sm text-slate-100 focus-visible:outline-2 focus-visible:outline-indigo-500"
      >
        {fontSizeOptions.map((size) => (
          <option key={size} value={size}>
            {size}px
          </option>
        ))}
      </select>
      <span data-testid="access-badge" className={clsx("rounded-md px-2 py-1 text-xs font-semibold ring-1", accessStyles[access])}>
        {access}
      </span>
      <div className="ml-auto flex flex-wrap items-center gap-2">
        {isOwner ? (
          <Button size="sm" variant="secondary" onClick={onSave} loading={saving}>
            {!saving && <Save className="size-4" aria-hidden />}
            Save Code
          </Button>
        ) : (
          <Button size="sm" variant="secondary" disabled>
            {playgroundMessages.ownerOnlySave}
          </Button>
        )}
        <label className="flex h-8 cursor-pointer items-center gap-2 rounded-md px-2 text-sm select-none hover:bg-slate-800">
          <input
            type="checkbox"
            role="switch"
            checked={withInput}
            onChange={(e) => setWithInput(e.target.checked)}
            className="size-4 accent-indigo-500"
          />
          User Input
        </label>
        {props.runsLeft && (
          <span className="text-xs text-slate-400" data-testid="runs-left">
            {props.runsLeft.left} of {props.runsLeft.of} runs left today
          </span>
        )}
        <Button
          size="sm"
          onClick={onRunClick}
          loading={busy}
          aria-keyshortcuts="Control+Enter Meta+Enter"
          aria-label={runPhase === "queued" ? "Queued" : "Run Code"}
        >
          {!busy && <Play className="size-4" aria-hidden />}
          {runPhase === "queued" ? queuedLabel(props.queuePosition) : "Run Code"}
        </Button>
        {busy && canStop && (
          <Button size="sm" variant="danger" onClick={props.onStop}>
            <Square className="size-4" aria-hidden />
            Stop
          </Button>
        )}
      </div>
      <UserInputModal
        open={inputOpen}
        value={stdin}
        onChange={setStdin}
        onClose={() => setInputOpen(false)}
        onRun={() => run(stdin)}
        running={busy}
      />
    </div>
  );
}
