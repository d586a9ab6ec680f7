import { Code2 } from "lucide-react";
import { Link } from "react-router";

/** The CodeRoom wordmark, linking home. */
export function Logo() {
  return (
    <Link
      to="/"
      className="flex items-center gap-2 rounded-lg text-lg font-bold tracking-tight text-slate-900 focus-visible:outline-2 focus-visible:outline-offset-4 focus-visible:outline-indigo-500 dark:text-white"
    >
      <span className="flex size-8 items-center justify-center rounded-lg bg-gradient-to-br from-indigo-500 to-violet-600 text-white shadow-sm">
        <Code2 className="size-5" aria-hidden />
      </span>
      Code<span className="-ml-2 text-indigo-600 dark:text-indigo-400">Room</span>
    </Link>
  );
}
