import { createPortal } from "react-dom";
import { X } from "lucide-react";
import { AssistantPanel, type AssistantPanelProps } from "./assistant-panel.tsx";

/**
 * The assistant on small screens: a bottom sheet over the page (on large screens the
 * panel sits in its tab beside the terminal instead). Escape or the close button closes it.
 */
export function AssistantSheet({ open, onClose, ...panel }: AssistantPanelProps & { open: boolean; onClose: () => void }) {
  if (!open) return null;
  return createPortal(
    <div
      role="dialog"
      aria-modal="true"
      aria-label="AI assistant"
      onKeyDown={(e) => e.key === "Escape" && onClose()}
      className="dark fixed inset-x-0 bottom-0 z-40 flex h-[80dvh] flex-col rounded-t-2xl border-t border-slate-700 bg-slate-950 pt-8 shadow-2xl lg:hidden"
    >
      <button type="button" onClick={onClose} aria-label="Close the AI assistant" autoFocus className="absolute top-1.5 right-2 rounded p-1 text-slate-400 hover:text-white">
        <X className="size-5" aria-hidden />
      </button>
      <div className="min-h-0 flex-1">
        <AssistantPanel {...panel} />
      </div>
    </div>,
    document.body,
  );
}
