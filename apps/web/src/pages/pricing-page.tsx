import { Link } from "react-router";
import { MessageSquare } from "lucide-react";
import { buttonClasses } from "../components/ui/button.tsx";
import { PageContainer, PageHeader } from "../components/ui/page-header.tsx";
import { PlanCards } from "../features/pricing/components/plan-cards.tsx";
import { PricingFaq } from "../features/pricing/components/pricing-faq.tsx";

/** /pricing: plan cards, FAQ and a way to contact us. */
export function PricingPage() {
  return (
    <PageContainer>
      <PageHeader eyebrow="Pricing" title="Simple pricing for every team">
        Start free and upgrade when you need more rooms, runs and AI help. Prices in rupees, cancel anytime.
      </PageHeader>
      <div className="mt-16">
        <PlanCards />
      </div>
      <section aria-labelledby="faq-title" className="mx-auto mt-24 max-w-3xl">
        <h2 id="faq-title" className="mb-6 text-center text-2xl font-bold text-slate-900 dark:text-white">
          Frequently asked questions
        </h2>
        <PricingFaq />
      </section>
      <div className="mx-auto mt-16 max-w-3xl rounded-2xl bg-indigo-50 p-8 text-center dark:bg-indigo-500/10">
        <h2 className="text-lg font-semibold text-slate-900 dark:text-white">Still have questions?</h2>
        <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">Our team replies within 24 hours.</p>
        <Link to="/contact" className={buttonClasses("primary", "md", "mt-5")}>
          <MessageSquare className="size-4" aria-hidden />
          Contact Us
        </Link>
      </div>
    </PageContainer>
  );
}
