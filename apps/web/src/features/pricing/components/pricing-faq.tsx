import { useId, useState } from "react";
import { ChevronDown } from "lucide-react";
import clsx from "clsx";

// Every answer states what the server does (apps/server/src/modules/payments); nothing here is a promise it does not keep.
const faqs = [
  {
    q: "Is there a free trial of Pro?",
    a: "Your first Pro subscription comes with 7 days free on top of the month you pay for: you pay ₹999 at checkout and Pro runs for one month plus 7 days. The 7 free days are given once per account.",
  },
  {
    q: "Can I cancel anytime?",
    a: "Yes, from your profile. Cancelling stops the renewal; you keep your plan until the end of the period you paid for, then move to the Free plan.",
  },
  {
    q: "Do you offer refunds?",
    a: "Payments are not refunded automatically, and cancelling does not refund the current period. If a charge went wrong, write to us from the contact page with your payment ID.",
  },
  {
    q: "Can I change plans later?",
    a: "Yes. Upgrading from Basic to Pro applies immediately and your Basic subscription stops. Moving from Pro to Basic takes effect when your Pro period ends.",
  },
  {
    q: "Can guest accounts subscribe?",
    a: "No. Guest accounts are temporary and deleted after a few days without use, so plans are sold to registered accounts only. Create an account from your profile first.",
  },
  {
    q: "Do you have enterprise plans or discounts?",
    a: "For larger teams, education or non-profits, contact us and we will talk about what fits.",
  },
];

/** Accordion of pricing questions; each answer is a region labelled by its button. */
export function PricingFaq({ only }: { only?: string[] } = {}) {
  const [open, setOpen] = useState<number | null>(0);
  const baseId = useId();
  return (
    <div className="divide-y divide-slate-200 rounded-2xl border border-slate-200 bg-white dark:divide-slate-800 dark:border-slate-800 dark:bg-slate-900">
      {faqs.filter((f) => !only || only.includes(f.q)).map((f, i) => {
        const expanded = open === i;
        return (
          <div key={f.q}>
            <h3>
              <button
                type="button"
                id={`${baseId}-q${i}`}
                aria-expanded={expanded}
                aria-controls={`${baseId}-a${i}`}
                onClick={() => setOpen(expanded ? null : i)}
                className="flex w-full items-center justify-between gap-4 px-6 py-5 text-left text-base font-medium text-slate-900 hover:bg-slate-50 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-indigo-500 dark:text-white dark:hover:bg-slate-800/50"
              >
                {f.q}
                <ChevronDown className={clsx("size-5 shrink-0 text-slate-400 transition-transform", expanded && "rotate-180")} aria-hidden />
              </button>
            </h3>
            <div
              id={`${baseId}-a${i}`}
              role="region"
              aria-labelledby={`${baseId}-q${i}`}
              hidden={!expanded}
              className="px-6 pb-5 text-sm leading-6 text-slate-600 dark:text-slate-400"
            >
              {f.a}
            </div>
          </div>
        );
      })}
    </div>
  );
}
