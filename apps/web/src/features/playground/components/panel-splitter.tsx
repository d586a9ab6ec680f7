import { useRef, type KeyboardEvent, type PointerEvent } from "react";

interface PanelSplitterProps {
  /** The panel's height (px) and its bounds. */
  height: number;
  min: number;
  max: number;
  onResize: (height: number) => void;
  /** Id of the panel it resizes. */
  controls: string;
}

const STEP = 32;

/**
 * The handle between the editor and the output panel (large screens): drag it, or focus it and
 * use the arrow keys (Up grows the panel), Page Up/Down for bigger steps, Home/End for the limits.
 */
export function PanelSplitter({ height, min, max, onResize, controls }: PanelSplitterProps) {
  const drag = useRef<{ y: number; height: number } | null>(null);

  const onKeyDown = (e: KeyboardEvent) => {
    const moves: Record<string, number> = { ArrowUp: STEP, ArrowDown: -STEP, PageUp: STEP * 4, PageDown: -STEP * 4, Home: max - height, End: min - height };
    const by = moves[e.key];
    if (by === undefined) return;
    e.preventDefault();
    onResize(height + by);
  };
  const onPointerDown = (e: PointerEvent<HTMLDivElement>) => {
    e.currentTarget.setPointerCapture(e.pointerId);
    drag.current = { y: e.clientY, height };
  };
  const onPointerMove = (e: PointerEvent) => {
    if (drag.current) onResize(drag.current.height + drag.current.y - e.clientY);
  };
  const end = () => {
    drag.current = null;
  };

  return (
    <div
      role="separator"
      tabIndex={0}
      aria-orientation="horizontal"
      aria-label="Resize the output panel"
      aria-controls={controls}
      aria-valuenow={height}
      aria-valuemin={min}
      aria-valuemax={max}
      aria-valuetext={`Output panel ${height} pixels tall`}
      onKeyDown={onKeyDown}
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={end}
      onPointerCancel={end}
      className="group hidden h-2 shrink-0 cursor-row-resize touch-none items-center justify-center border-t border-slate-800 bg-slate-900 hover:bg-slate-800 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-indigo-500 lg:flex"
    >
      <span className="h-0.5 w-10 rounded bg-slate-600 group-hover:bg-slate-400" aria-hidden />
    </div>
  );
}
