import { LoaderCircle } from "lucide-react";
import clsx from "clsx";

/** A spinning indicator; decorative unless given a label. */
export function Spinner({ className, label }: { className?: string; label?: string }) {
  return (
    <LoaderCircle
      className={clsx("animate-spin", className ?? "size-4")}
      aria-hidden={label ? undefined : true}
      aria-label={label}
      role={label ? "status" : undefined}
    />
  );
}

/** Centred spinner for a page that is still loading. */
export function PageSpinner() {
  return (
    <div className="flex min-h-[50vh] items-center justify-center text-indigo-600 dark:text-indigo-400">
      <Spinner className="size-8" label="Loading" />
    </div>
  );
}
