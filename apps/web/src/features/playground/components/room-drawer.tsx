import { useRef, type ReactNode } from "react";
import { PanelLeftOpen, X } from "lucide-react";
import { useFocusTrap } from "../../../components/ui/use-focus-trap";

interface RoomDrawerProps {
  open: boolean;
  onOpen: () => void;
  onClose: () => void;
  children: ReactNode;
}

/** Small screens: the sidebar as a drawer behind a floating button (focus stays inside while open). */
export function RoomDrawer({ open, onOpen, onClose, children }: RoomDrawerProps) {
  const panel = useRef<HTMLDivElement>(null);
  useFocusTrap(panel, open);
  return (
    <>
      {open && (
        <div className="fixed inset-0 z-40 lg:hidden" onKeyDown={(e) => e.key === "Escape" && onClose()}>
          <div className="absolute inset-0 bg-black/60" onClick={onClose} aria-hidden />
          <div
            ref={panel}
            role="dialog"
            aria-modal="true"
            aria-label="Room"
            tabIndex={-1}
            className="absolute inset-y-0 left-0 w-72 max-w-[85vw] bg-slate-900 shadow-xl focus:outline-none"
          >
            <button
              type="button"
              onClick={onClose}
              className="absolute top-3 right-3 z-10 rounded-md p-1 text-slate-400 hover:text-white focus-visible:outline-2 focus-visible:outline-indigo-500"
            >
              <X className="size-5" aria-hidden />
              <span className="sr-only">Close room panel</span>
            </button>
            {children}
          </div>
        </div>
      )}
      {/* Bottom right: at the left it covered the terminal's "Fix with the assistant". */}
      <button
        type="button"
        onClick={onOpen}
        className="fixed right-5 bottom-5 z-30 flex size-12 items-center justify-center rounded-full bg-indigo-600 text-white shadow-lg hover:bg-indigo-500 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-400 lg:hidden"
      >
        <PanelLeftOpen className="size-5" aria-hidden />
        <span className="sr-only">Open room panel</span>
      </button>
    </>
  );
}
