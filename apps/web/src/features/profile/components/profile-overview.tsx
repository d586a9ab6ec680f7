import { useState } from "react";
import { Link } from "react-router";
import { KeyRound, Pencil, UserPlus } from "lucide-react";
import type { TUser } from "@coderoom/shared/schemas/users";
import { buttonClasses } from "../../../components/ui/button.tsx";
import { Card } from "../../../components/ui/card.tsx";
import { Modal } from "../../../components/ui/modal.tsx";
import { UserAvatar } from "../../../components/ui/user-avatar.tsx";
import { PlanBadges, hasActivePlan, roleLabel } from "./plan-badges.tsx";

/** A calendar date in the app's locale and India time zone (spec §9), e.g. "5 March 2026". */
function formatDate(iso: string | null): string {
  if (!iso) return "N/A";
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return "N/A";
  return date.toLocaleDateString("en-IN", { day: "numeric", month: "long", year: "numeric", timeZone: "Asia/Kolkata" });
}

/** Spec §4 status, worded for people: a Free user is on the Free plan, not "inactive". */
function planStatus(user: TUser, active: boolean): string {
  if (!active) return user.role === "ADMIN" ? "All features included" : "Free plan";
  if (user.subscription.status === "cancelled") return `Cancelled, active until ${formatDate(user.subscription.expiresOn)}`;
  return "Active";
}

/** Identity card of /profile: avatar (opens full size), name, plan badges, details, actions. */
export function ProfileOverview({ user }: { user: TUser }) {
  const [zoomed, setZoomed] = useState(false);
  const active = hasActivePlan(user);
  const avatarUrl = user.avatar.secure_url;
  // A guest has no password and only a placeholder address: neither is shown (issue 10 §3.8).
  const isGuest = user.role === "GUEST";
  const details: [string, string][] = [
    ...(isGuest ? [] : [["Email", user.email] as [string, string]]),
    ["Role", roleLabel(user.role)],
    ["Status", planStatus(user, active)],
    ...(active ? [["Expires on", formatDate(user.subscription.expiresOn)] as [string, string]] : []),
    ["Member since", formatDate(user.createdAt)],
  ];

  return (
    <Card className="overflow-hidden">
      <div className="h-24 bg-gradient-to-r from-indigo-500 via-indigo-600 to-violet-600" />
      <div className="px-6 pb-6">
        <div className="-mt-12 flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
          <button
            type="button"
            onClick={() => avatarUrl && setZoomed(true)}
            disabled={!avatarUrl}
            className="w-fit rounded-full bg-white p-1 shadow-md focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-500 disabled:cursor-default dark:bg-slate-900"
          >
            <UserAvatar src={avatarUrl} name={user.fullName} className="size-24" />
            <span className="sr-only">View profile picture</span>
          </button>
          <div className="flex flex-wrap gap-2">
            <Link to="/editprofile" className={buttonClasses("outline", "sm")}>
              <Pencil className="size-4" aria-hidden />
              Edit Profile
            </Link>
            {isGuest ? (
              <Link to="/create-account" className={buttonClasses("primary", "sm")}>
                <UserPlus className="size-4" aria-hidden />
                Create an account
              </Link>
            ) : (
              <Link to="/changepassword" className={buttonClasses("outline", "sm")}>
                <KeyRound className="size-4" aria-hidden />
                Change Password
              </Link>
            )}
          </div>
        </div>
        <div className="mt-4 space-y-2">
          <h1 className="text-2xl font-bold tracking-tight text-slate-900 dark:text-white">{user.fullName}</h1>
          <PlanBadges user={user} />
        </div>
        <dl className="mt-6 grid gap-x-6 gap-y-4 sm:grid-cols-2">
          {details.map(([term, value]) => (
            <div key={term} className="min-w-0">
              <dt className="text-xs font-medium tracking-wide text-slate-500 uppercase dark:text-slate-400">{term}</dt>
              <dd className="mt-1 truncate text-sm font-medium text-slate-900 dark:text-slate-100">{value}</dd>
            </div>
          ))}
        </dl>
      </div>
      <Modal open={zoomed} title={user.fullName} onClose={() => setZoomed(false)} size="lg">
        {avatarUrl && (
          <img src={avatarUrl} alt={`${user.fullName}'s profile picture`} className="mx-auto max-h-[70vh] w-full rounded-xl object-contain" />
        )}
      </Modal>
    </Card>
  );
}
