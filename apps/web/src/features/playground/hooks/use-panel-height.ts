import { useCallback, useEffect, useState } from "react";
import { storageKeys } from "../../../lib/storage-keys";

/** The output panel's and the editor's smallest heights (px) on large screens. */
export const PANEL_MIN = 160;
const EDITOR_MIN = 160;
/** Without a remembered height the panel takes this share of the editor column. */
const DEFAULT_SHARE = 0.45;

function readStored(): number | null {
  const n = Number(localStorage.getItem(storageKeys.panelHeight));
  return Number.isFinite(n) && n >= PANEL_MIN ? n : null;
}

/**
 * The height of the playground's output panel on large screens, remembered in localStorage.
 * `column` is the element holding the editor and the panel; the height stays within it, leaving the editor its minimum.
 * `height` is null until the column is measured (the panel then keeps its CSS height).
 */
export function usePanelHeight(column: HTMLElement | null) {
  const [stored, setStored] = useState<number | null>(readStored);
  const [total, setTotal] = useState(0);
  useEffect(() => {
    if (!column || typeof ResizeObserver === "undefined") return;
    const observer = new ResizeObserver(() => setTotal(column.clientHeight));
    observer.observe(column);
    return () => observer.disconnect();
  }, [column]);

  const max = Math.max(PANEL_MIN, total - EDITOR_MIN);
  const clamp = useCallback((h: number) => Math.round(Math.min(max, Math.max(PANEL_MIN, h))), [max]);
  const height = total === 0 ? null : clamp(stored ?? total * DEFAULT_SHARE);
  const setHeight = useCallback(
    (h: number) => {
      const next = clamp(h);
      setStored(next);
      localStorage.setItem(storageKeys.panelHeight, String(next));
    },
    [clamp],
  );
  return { height, min: PANEL_MIN, max, setHeight };
}
