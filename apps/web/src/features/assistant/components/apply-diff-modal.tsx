import { useMemo } from "react";
import clsx from "clsx";
import { Button } from "../../../components/ui/button.tsx";
import { Modal } from "../../../components/ui/modal.tsx";
import { lineDiff } from "../utils/line-diff";

interface ApplyDiffModalProps {
  open: boolean;
  current: string;
  next: string;
  scope: "selection" | "file";
  onCancel: () => void;
  onConfirm: () => void;
}

/** Apply's preview: the change against the current text, then one edit on confirm. */
export function ApplyDiffModal({ open, current, next, scope, onCancel, onConfirm }: ApplyDiffModalProps) {
  const diff = useMemo(() => (open ? lineDiff(current, next) : []), [open, current, next]);
  const changed = diff.some((l) => l.kind === "add" || l.kind === "del");
  return (
    <Modal open={open} title="Apply the suggestion" onClose={onCancel} size="lg">
      <p className="mb-2 text-sm text-slate-600 dark:text-slate-300">
        {scope === "selection" ? "Replaces the code that was selected when the question was asked." : "Replaces the whole file."} Everyone in
        the room sees the edit; Undo reverts it.
      </p>
      <pre data-testid="apply-diff" className="max-h-96 overflow-auto rounded-md bg-slate-950 p-2 font-mono text-xs text-slate-200">
        {diff.map((l, i) =>
          l.kind === "fold" ? (
            <div key={i} className="text-slate-400">
              {`… ${l.count} unchanged lines`}
            </div>
          ) : (
            <div key={i} className={clsx(l.kind === "add" && "bg-emerald-900/60 text-emerald-200", l.kind === "del" && "bg-red-900/60 text-red-200")}>
              {`${l.kind === "add" ? "+" : l.kind === "del" ? "-" : " "} ${l.text}`}
            </div>
          ),
        )}
      </pre>
      <div className="mt-4 flex justify-end gap-2">
        <Button variant="outline" onClick={onCancel}>
          Cancel
        </Button>
        <Button onClick={onConfirm} disabled={!changed}>
          {changed ? "Apply edit" : "No changes"}
        </Button>
      </div>
    </Modal>
  );
}
