import { Link } from "react-router";
import { Clock } from "lucide-react";
import { buttonClasses } from "../../../components/ui/button.tsx";
import { useGuestIdleDays } from "../api/guest-api";

/** Tells a guest that the account and its rooms expire when idle, and offers to keep them. */
export function GuestNotice() {
  const idleDays = useGuestIdleDays();
  return (
    <aside
      aria-label="Guest account"
      className="mb-8 flex flex-col gap-4 rounded-2xl border border-amber-300 bg-amber-50 p-5 sm:flex-row sm:items-center dark:border-amber-500/40 dark:bg-amber-500/10"
    >
      <Clock className="size-6 shrink-0 text-amber-700 dark:text-amber-300" aria-hidden />
      <p className="flex-1 text-sm text-amber-900 dark:text-amber-100">
        You are using a guest account. It is deleted with its rooms after{" "}
        {idleDays === undefined ? "a few days" : `${idleDays} ${idleDays === 1 ? "day" : "days"}`} without use. Create an
        account to keep your rooms.
      </p>
      <Link to="/create-account" className={buttonClasses("primary", "md", "shrink-0")}>
        Create an account
      </Link>
    </aside>
  );
}
