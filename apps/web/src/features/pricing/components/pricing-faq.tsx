import { useId, useState } from "react";
import { ChevronDown } from "lucide-react";
import clsx from "clsx";

// The claims of spec §9, in the FAQ's own words.
const faqs = [
  {
    q: "Is there a free trial of Pro?",
    a: "Yes. The Pro page offers a 7-day free trial, so you can try unlimited rooms, runs and AI help before you commit.",
  },
  {
    q: "Do you offer a money-back guarantee?",
    a: "Basic comes with a 14-day money-back guarantee and Pro with a 30-day money-back guarantee.",
  },
  {
    q: "How do refunds work?",
    a: "Refund requests are handled within 14 days of purchase. Write to us from the contact page with your payment ID.",
  },
  {
    q: "Can I change plans later?",
    a: "Yes. Upgrades apply immediately; downgrades take effect at the end of your current billing cycle.",
  },
  {
    q: "How fast is support?",
    a: "We reply within 24 hours. Basic includes e-mail support and Pro includes 24/7 priority support.",
  },
  {
    q: "Do you have enterprise plans or discounts?",
    a: "For larger teams, education or non-profits, contact us and we will find a plan and discount that fits.",
  },
];

/** Accordion of pricing questions; each answer is a region labelled by its button. */
export function PricingFaq() {
  const [open, setOpen] = useState<number | null>(0);
  const baseId = useId();
  return (
    <div className="divide-y divide-slate-200 rounded-2xl border border-slate-200 bg-white dark:divide-slate-800 dark:border-slate-800 dark:bg-slate-900">
      {faqs.map((f, i) => {
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
