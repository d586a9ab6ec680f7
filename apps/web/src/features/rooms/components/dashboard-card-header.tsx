import type { LucideIcon } from "lucide-react";
import clsx from "clsx";

const tones = {
  indigo: "bg-indigo-50 text-indigo-600 dark:bg-indigo-500/15 dark:text-indigo-300",
  emerald: "bg-emerald-50 text-emerald-600 dark:bg-emerald-500/15 dark:text-emerald-300",
};

interface DashboardCardHeaderProps {
  icon: LucideIcon;
  tone: keyof typeof tones;
  title: string;
  subtitle: string;
}

/** The icon, title and subtitle at the top of the Create and Join cards. */
export function DashboardCardHeader({ icon: Icon, tone, title, subtitle }: DashboardCardHeaderProps) {
  return (
    <div className="mb-5 flex items-center gap-3">
      <span className={clsx("flex size-10 items-center justify-center rounded-xl", tones[tone])}>
        <Icon className="size-5" aria-hidden />
      </span>
      <div>
        <h2 className="text-lg font-semibold text-slate-900 dark:text-white">{title}</h2>
        <p className="text-sm text-slate-500 dark:text-slate-400">{subtitle}</p>
      </div>
    </div>
  );
}
