import { useEffect, useRef, type RefObject } from "react";

const focusable =
  'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/** The elements Tab can reach inside `root`, in document order. */
function tabbables(root: HTMLElement): HTMLElement[] {
  return [...root.querySelectorAll<HTMLElement>(focusable)].filter((el) => !el.closest("[inert]") && el.tabIndex >= 0);
}

/**
 * Where a dialog's focus starts: an element marked `data-autofocus`, else its first
 * form field, else the first control of its body, else the first control at all
 * (the close button). Starting on a field lets a keyboard user type at once.
 */
function initialTarget(root: HTMLElement): HTMLElement | undefined {
  const marked = root.querySelector<HTMLElement>("[data-autofocus]");
  if (marked) return marked;
  const all = tabbables(root);
  const body = root.querySelector("[data-dialog-body]");
  return (
    all.find((el) => el.matches("input, select, textarea")) ??
    all.find((el) => body?.contains(el)) ??
    all[0]
  );
}

/**
 * While `active`, keeps keyboard focus inside `ref`: focus starts on the first field,
 * Tab and Shift+Tab wrap around, focus that escapes (a click on the page behind) is
 * brought back, and on deactivation focus returns to the element that had it before.
 */
export function useFocusTrap(ref: RefObject<HTMLElement | null>, active: boolean): void {
  const returnTo = useRef<HTMLElement | null>(null);

  useEffect(() => {
    const root = ref.current;
    if (!active || !root) return;
    returnTo.current = document.activeElement as HTMLElement | null;
    (initialTarget(root) ?? root).focus();

    const onKey = (e: KeyboardEvent) => {
      if (e.key !== "Tab") return;
      const items = tabbables(root);
      if (items.length === 0) {
        e.preventDefault();
        return;
      }
      const first = items[0]!;
      const last = items[items.length - 1]!;
      const current = document.activeElement;
      if (e.shiftKey && (current === first || !root.contains(current))) {
        e.preventDefault();
        last.focus();
      } else if (!e.shiftKey && (current === last || !root.contains(current))) {
        e.preventDefault();
        first.focus();
      }
    };
    const onFocusIn = (e: FocusEvent) => {
      if (!root.contains(e.target as Node)) (tabbables(root)[0] ?? root).focus();
    };
    document.addEventListener("keydown", onKey);
    document.addEventListener("focusin", onFocusIn);
    return () => {
      document.removeEventListener("keydown", onKey);
      document.removeEventListener("focusin", onFocusIn);
      // The opener may have gone (a deleted room's card): then there is nothing to return to.
      const target = returnTo.current;
      if (target?.isConnected) target.focus();
    };
  }, [ref, active]);
}
