import { useId, type ReactNode } from "react";

/** Text with a tooltip shown on hover and on keyboard focus (a `title` alone is mouse-only). */
export function Tooltip({ label, children }: { label: string; children: ReactNode }) {
  const id = useId();
  return (
    <span
      tabIndex={0}
      aria-describedby={id}
      className="group relative cursor-help rounded underline decoration-dotted underline-offset-2 focus-visible:outline-2 focus-visible:outline-indigo-500"
    >
      {children}
      <span
        id={id}
        role="tooltip"
        className="pointer-events-none absolute bottom-full left-1/2 z-10 mb-2 -translate-x-1/2 rounded-md bg-slate-900 px-2 py-1 text-xs whitespace-nowrap text-white opacity-0 shadow-lg transition-opacity group-hover:opacity-100 group-focus:opacity-100 dark:bg-slate-700"
      >
        {label}
      </span>
    </span>
  );
}
