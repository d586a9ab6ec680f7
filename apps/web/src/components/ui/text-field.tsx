import { useState, type ComponentProps, type ReactNode } from "react";
import { Eye, EyeOff } from "lucide-react";
import clsx from "clsx";

/** Input classes shared by text inputs, textareas and selects. */
export function inputClasses(invalid?: boolean, className?: string) {
  return clsx(
    "block w-full rounded-lg border bg-white px-3 py-2.5 text-sm text-slate-900 shadow-sm transition-colors",
    "placeholder:text-slate-400 focus:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500/60",
    "disabled:cursor-not-allowed disabled:bg-slate-100 disabled:text-slate-500",
    "dark:bg-slate-900 dark:text-slate-100 dark:placeholder:text-slate-500 dark:disabled:bg-slate-800",
    invalid
      ? "border-red-500 focus-visible:border-red-500 dark:border-red-500"
      : "border-slate-300 focus-visible:border-indigo-500 dark:border-slate-700",
    className,
  );
}

interface FieldFrameProps {
  id: string;
  label: string;
  error?: string;
  hint?: ReactNode;
  aside?: ReactNode;
  children: ReactNode;
}

/** Label above, control, then the validation message (announced) or a hint. */
export function FieldFrame({ id, label, error, hint, aside, children }: FieldFrameProps) {
  return (
    <div className="space-y-1.5">
      <div className="flex items-center justify-between gap-2">
        <label htmlFor={id} className="text-sm font-medium text-slate-700 dark:text-slate-200">
          {label}
        </label>
        {aside}
      </div>
      {children}
      {error ? (
        <p id={`${id}-error`} role="alert" className="text-sm text-red-600 dark:text-red-400">
          {error}
        </p>
      ) : (
        hint && <p className="text-xs text-slate-500 dark:text-slate-400">{hint}</p>
      )}
    </div>
  );
}

type TextFieldProps = ComponentProps<"input"> & {
  id: string;
  label: string;
  error?: string;
  hint?: ReactNode;
  aside?: ReactNode;
  /** Rendered over the right end of the input (e.g. a toggle button). */
  trailing?: ReactNode;
};

/** A labelled text input with its validation message. */
export function TextField({ id, label, error, hint, aside, trailing, className, ...input }: TextFieldProps) {
  return (
    <FieldFrame id={id} label={label} error={error} hint={hint} aside={aside}>
      <div className="relative">
        <input
          id={id}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          className={inputClasses(Boolean(error), className)}
          {...input}
        />
        {trailing}
      </div>
    </FieldFrame>
  );
}

/** A labelled password input with a show/hide toggle. */
export function PasswordField({ className, ...props }: Omit<TextFieldProps, "type" | "trailing">) {
  const [shown, setShown] = useState(false);
  const Icon = shown ? EyeOff : Eye;
  const toggle = (
    <button
      type="button"
      onClick={() => setShown((s) => !s)}
      aria-pressed={shown}
      className="absolute inset-y-0 right-1 my-auto flex size-9 items-center justify-center rounded-md text-slate-500 hover:text-slate-800 focus-visible:outline-2 focus-visible:outline-indigo-500 dark:text-slate-400 dark:hover:text-slate-100"
    >
      <Icon className="size-4" aria-hidden />
      {/* Text, not aria-label, so label-based lookups of "Password" find only the input. */}
      <span className="sr-only">{shown ? "Hide password" : "Show password"}</span>
    </button>
  );
  return <TextField {...props} type={shown ? "text" : "password"} className={clsx("pr-11", className)} trailing={toggle} />;
}
