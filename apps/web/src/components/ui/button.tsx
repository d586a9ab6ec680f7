import type { ComponentProps } from "react";
import clsx from "clsx";
import { Spinner } from "./spinner.tsx";

export type TButtonVariant = "primary" | "secondary" | "ghost" | "danger" | "outline";
export type TButtonSize = "sm" | "md" | "lg";

const variants: Record<TButtonVariant, string> = {
  // Hover darkens in the dark theme: white on indigo-400 is only 3.1:1.
  primary: "bg-indigo-600 text-white shadow-sm hover:bg-indigo-500 dark:bg-indigo-500 dark:hover:bg-indigo-600",
  secondary:
    "bg-slate-100 text-slate-900 hover:bg-slate-200 dark:bg-slate-800 dark:text-slate-100 dark:hover:bg-slate-700",
  outline:
    "border border-slate-300 bg-white text-slate-800 hover:bg-slate-50 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100 dark:hover:bg-slate-800",
  ghost: "text-slate-700 hover:bg-slate-100 dark:text-slate-200 dark:hover:bg-slate-800",
  danger: "bg-red-600 text-white shadow-sm hover:bg-red-500",
};

const sizes: Record<TButtonSize, string> = {
  sm: "h-8 gap-1.5 rounded-md px-3 text-sm",
  md: "h-10 gap-2 rounded-lg px-4 text-sm",
  lg: "h-12 gap-2 rounded-xl px-6 text-base",
};

/** Class names of a button, also used for links that look like buttons. */
export function buttonClasses(variant: TButtonVariant = "primary", size: TButtonSize = "md", className?: string) {
  return clsx(
    "inline-flex items-center justify-center font-semibold transition-colors select-none",
    "focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-500",
    "disabled:cursor-not-allowed disabled:opacity-60",
    variants[variant],
    sizes[size],
    className,
  );
}

type ButtonProps = ComponentProps<"button"> & {
  variant?: TButtonVariant;
  size?: TButtonSize;
  /** Shows a spinner and disables the button (e.g. while a form submits). */
  loading?: boolean;
};

/** A button with the app's variants and a loading state. */
export function Button({ variant, size, loading, className, disabled, children, type, ...rest }: ButtonProps) {
  return (
    <button
      type={type ?? "button"}
      className={buttonClasses(variant, size, className)}
      disabled={disabled || loading}
      aria-busy={loading || undefined}
      {...rest}
    >
      {loading && <Spinner />}
      {children}
    </button>
  );
}
