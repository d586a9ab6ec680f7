import type { ReactNode } from "react";
import { Link } from "react-router";
import { Sparkles, type LucideIcon } from "lucide-react";
import { buttonClasses } from "./ui/button.tsx";
import { Card } from "./ui/card.tsx";

interface ComingSoonProps {
  title: string;
  icon?: LucideIcon;
  children: ReactNode;
  back?: { to: string; label: string };
}

/** A placeholder card for a page whose feature has not shipped yet. */
export function ComingSoon({ title, icon: Icon = Sparkles, children, back = { to: "/pricing", label: "View Pricing" } }: ComingSoonProps) {
  return (
    <div className="flex flex-1 items-center justify-center px-4 py-16">
      <Card className="w-full max-w-lg p-8 text-center sm:p-10">
        <span className="mx-auto flex size-14 items-center justify-center rounded-2xl bg-indigo-50 text-indigo-600 dark:bg-indigo-500/15 dark:text-indigo-300">
          <Icon className="size-7" aria-hidden />
        </span>
        <p className="mt-6 text-xs font-semibold tracking-wide text-indigo-600 uppercase dark:text-indigo-400">Coming soon</p>
        <h1 className="mt-2 text-2xl font-bold tracking-tight text-slate-900 dark:text-white">{title}</h1>
        <p className="mt-3 text-sm leading-6 text-slate-600 dark:text-slate-400">{children}</p>
        <Link to={back.to} className={buttonClasses("outline", "md", "mt-8")}>
          {back.label}
        </Link>
      </Card>
    </div>
  );
}
