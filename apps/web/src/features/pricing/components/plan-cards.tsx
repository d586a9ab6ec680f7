import { Link } from "react-router";
import { Check } from "lucide-react";
import clsx from "clsx";
import type { TPlanId } from "@coderoom/shared/constants/plans";
import { Button, buttonClasses } from "../../../components/ui/button.tsx";
import { useAuth } from "../../../lib/auth-store";
import { planCards, rupees, type TPlanCard } from "./plan-display";

const rank: Record<TPlanId, number> = { free: 0, basic: 1, pro: 2 };

/** The plan a signed-in registered user is on (an active subscription's, else Free); null for visitors, guests and admins. */
function useCurrentPlan(): TPlanId | null {
  const { isLoggedIn, data } = useAuth();
  if (!isLoggedIn || !data || data.role === "GUEST" || data.role === "ADMIN") return null;
  return data.subscription.status === "active" && data.subscription.plan ? data.subscription.plan : "free";
}

/** A card's action: its link, or a disabled "Current plan" / "Included in ..." for plans the user already has. */
function PlanAction({ card, current }: { card: TPlanCard; current: TPlanId | null }) {
  const className = "mt-8 w-full";
  if (current && rank[card.id] <= rank[current]) {
    return (
      <Button variant="outline" size="lg" className={className} disabled>
        {card.id === current ? "Current plan" : `Included in ${planCards.find((p) => p.id === current)?.name}`}
      </Button>
    );
  }
  return (
    <Link to={card.target} className={buttonClasses(card.popular ? "primary" : "outline", "lg", className)}>
      {current && current !== "free" ? `Upgrade to ${card.name}` : card.button}
    </Link>
  );
}

/** Free, Basic (MOST POPULAR) and Pro cards with their buttons; a signed-in user's plan is marked "Current plan". */
export function PlanCards() {
  const current = useCurrentPlan();
  return (
    <ul className="grid gap-6 lg:grid-cols-3 lg:items-stretch">
      {planCards.map((p) => (
        <li
          key={p.id}
          aria-label={`${p.name} plan`}
          aria-current={p.id === current || undefined}
          className={clsx(
            "relative flex flex-col rounded-3xl border bg-white p-8 shadow-sm dark:bg-slate-900",
            p.popular
              ? "border-indigo-500 shadow-xl shadow-indigo-500/10 ring-1 ring-indigo-500 lg:-my-3 lg:py-11"
              : "border-slate-200 dark:border-slate-800",
          )}
        >
          {p.popular && (
            <span className="absolute -top-3.5 left-1/2 -translate-x-1/2 rounded-full bg-indigo-600 px-3 py-1 text-xs font-bold tracking-wide text-white">
              MOST POPULAR
            </span>
          )}
          <h2 className="text-lg font-semibold text-slate-900 dark:text-white">{p.name}</h2>
          <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">{p.description}</p>
          <p className="mt-6 flex items-baseline gap-1.5">
            <span className="text-4xl font-extrabold tracking-tight text-slate-900 dark:text-white">{rupees(p.price)}</span>
            <span className="text-sm text-slate-500 dark:text-slate-400">/ {p.period}</span>
          </p>
          <ul className="mt-8 flex-1 space-y-3">
            {p.features.map((f) => (
              <li key={f} className="flex gap-3 text-sm text-slate-700 dark:text-slate-300">
                <Check className="mt-0.5 size-4 shrink-0 text-indigo-600 dark:text-indigo-400" aria-hidden />
                {f}
              </li>
            ))}
          </ul>
          <PlanAction card={p} current={current} />
        </li>
      ))}
    </ul>
  );
}
