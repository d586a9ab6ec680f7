import { useId, useRef, type KeyboardEvent, type ReactNode } from "react";
import clsx from "clsx";

export interface TPanelTab {
  id: string;
  label: string;
  content: ReactNode;
}

interface BottomPanelProps {
  tabs: TPanelTab[];
  active: string;
  onSelect: (id: string) => void;
}

/** The panel under the editor: tabs ("Terminal | Assistant") with arrow-key navigation; panels stay mounted. */
export function BottomPanel({ tabs, active, onSelect: setActive }: BottomPanelProps) {
  const base = useId();
  const refs = useRef<(HTMLButtonElement | null)[]>([]);
  const current = tabs.find((t) => t.id === active) ?? tabs[0];

  const onKey = (e: KeyboardEvent, index: number) => {
    if (e.key !== "ArrowRight" && e.key !== "ArrowLeft") return;
    const next = (index + (e.key === "ArrowRight" ? 1 : tabs.length - 1)) % tabs.length;
    setActive(tabs[next]!.id);
    refs.current[next]?.focus();
  };

  return (
    <div className="flex h-full min-h-0 flex-col bg-slate-950">
      <div role="tablist" aria-label="Output panels" className="flex shrink-0 gap-1 border-b border-slate-800 px-2">
        {tabs.map((tab, i) => (
          <button
            key={tab.id}
            ref={(el) => {
              refs.current[i] = el;
            }}
            type="button"
            role="tab"
            id={`${base}-tab-${tab.id}`}
            aria-selected={tab.id === current?.id}
            aria-controls={`${base}-panel-${tab.id}`}
            tabIndex={tab.id === current?.id ? 0 : -1}
            onClick={() => setActive(tab.id)}
            onKeyDown={(e) => onKey(e, i)}
            className={clsx(
              "-mb-px border-b-2 px-3 py-2 text-sm font-medium focus-visible:outline-2 focus-visible:outline-indigo-500",
              tab.id === current?.id ? "border-indigo-400 text-white" : "border-transparent text-slate-400 hover:text-slate-200",
            )}
          >
            {tab.label}
          </button>
        ))}
      </div>
      {tabs.map((tab) => (
        <div
          key={tab.id}
          role="tabpanel"
          id={`${base}-panel-${tab.id}`}
          aria-labelledby={`${base}-tab-${tab.id}`}
          hidden={tab.id !== current?.id}
          className="min-h-0 flex-1"
        >
          {tab.content}
        </div>
      ))}
    </div>
  );
}
