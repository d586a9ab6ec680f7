import { useId } from "react";
import { limits } from "@coderoom/shared/constants/limits";
import { playgroundMessages } from "@coderoom/shared/messages";
import { Button } from "../../../components/ui/button.tsx";
import { Modal } from "../../../components/ui/modal.tsx";

interface UserInputModalProps {
  open: boolean;
  value: string;
  onChange: (value: string) => void;
  onClose: () => void;
  onRun: () => void;
  running: boolean;
}

/** Spec §4 Run with User Input: a textarea of standard input, Close and Run Code. */
export function UserInputModal({ open, value, onChange, onClose, onRun, running }: UserInputModalProps) {
  const id = useId();
  return (
    <Modal open={open} title="User Input" onClose={onClose}>
      <label htmlFor={id} className="sr-only">
        Program input
      </label>
      <textarea
        id={id}
        data-autofocus
        rows={8}
        value={value}
        maxLength={limits.stdinMaxBytes}
        onChange={(e) => onChange(e.target.value)}
        placeholder={playgroundMessages.stdinPlaceholder}
        className="w-full rounded-lg border border-slate-300 bg-white p-3 font-mono text-sm text-slate-900 focus-visible:outline-2 focus-visible:outline-indigo-500 dark:border-slate-700 dark:bg-slate-950 dark:text-slate-100"
      />
      <div className="mt-4 flex justify-end gap-3">
        <Button variant="outline" onClick={onClose}>
          Close
        </Button>
        <Button onClick={onRun} disabled={running}>
          Run Code
        </Button>
      </div>
    </Modal>
  );
}
