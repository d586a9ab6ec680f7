import { Link } from "react-router";
import { House, LayoutDashboard, SearchX } from "lucide-react";
import { buttonClasses } from "../components/ui/button.tsx";
import { useAuth } from "../lib/auth-store";

const tips = ["Check the address for typos", "Use the navigation bar to find your way", "Room links look like /playground/ABC123"];

/** Any unknown path (spec §2). */
export function NotFoundPage() {
  const { isLoggedIn } = useAuth();
  return (
    <div className="flex flex-1 items-center justify-center px-4 py-16">
      <div className="w-full max-w-lg text-center">
        <span className="mx-auto flex size-16 items-center justify-center rounded-2xl bg-indigo-50 text-indigo-600 dark:bg-indigo-500/15 dark:text-indigo-300">
          <SearchX className="size-8" aria-hidden />
        </span>
        <p className="mt-6 text-sm font-semibold text-indigo-600 dark:text-indigo-400">404</p>
        <h1 className="mt-1 text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl dark:text-white">Page Not Found</h1>
        <p className="mt-3 text-slate-600 dark:text-slate-400">The page you are looking for doesn&apos;t exist or has been moved.</p>
        <div className="mt-8 flex flex-wrap justify-center gap-3">
          <Link to="/" className={buttonClasses("primary")}>
            <House className="size-4" aria-hidden />
            Back to Home
          </Link>
          {isLoggedIn && (
            <Link to="/dashboard" className={buttonClasses("outline")}>
              <LayoutDashboard className="size-4" aria-hidden />
              Go to Dashboard
            </Link>
          )}
        </div>
        <div className="mt-10 rounded-2xl border border-slate-200 bg-white p-6 text-left dark:border-slate-800 dark:bg-slate-900">
          <h2 className="text-sm font-semibold text-slate-900 dark:text-white">Tips</h2>
          <ul className="mt-3 list-disc space-y-1.5 pl-5 text-sm text-slate-600 dark:text-slate-400">
            {tips.map((t) => (
              <li key={t}>{t}</li>
            ))}
          </ul>
          <p className="mt-4 text-sm text-slate-600 dark:text-slate-400">
            Still lost?{" "}
            <Link to="/contact" className="font-semibold text-indigo-600 hover:text-indigo-500 dark:text-indigo-400">
              Contact our support team
            </Link>
          </p>
        </div>
      </div>
    </div>
  );
}
