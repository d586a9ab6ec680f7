import { plans } from "@coderoom/shared/constants/plans";
import { PageContainer, PageHeader } from "../components/ui/page-header.tsx";
import { PageSpinner } from "../components/ui/spinner.tsx";
import { SubscribeButton } from "../features/payments/components/subscribe-button.tsx";
import { useSubscribedGuard } from "../features/payments/hooks/use-subscribed-guard";
import { PlanComparison } from "../features/pricing/components/plan-comparison.tsx";
import { PlanFeatures } from "../features/pricing/components/plan-features.tsx";
import { PricingFaq } from "../features/pricing/components/pricing-faq.tsx";
import { rupees } from "../features/pricing/components/plan-display";

const features = [
  "Unlimited rooms of your own",
  `${plans.basic.runsPerDay} code runs every day`,
  `${plans.basic.aiPerDay} AI assistant questions every day`,
  "E-mail support",
];

/** /subscribe-basic (spec §2): price, features, Free vs Basic, FAQ and the purchase. */
export function SubscribeBasicPage() {
  if (useSubscribedGuard("basic")) return <PageSpinner />;
  return (
    <PageContainer narrow>
      <PageHeader eyebrow="Basic plan" title="More room to build together">
        <span className="text-4xl font-extrabold text-slate-900 dark:text-white">{rupees(plans.basic.price)}</span> per month, billed
        monthly. Cancel anytime.
      </PageHeader>
      <section aria-label="What you get" className="mt-10">
        <PlanFeatures features={features} />
      </section>
      <div className="mt-8 text-center">
        <SubscribeButton plan="basic" label="Subscribe to Basic" />
      </div>
      <section aria-labelledby="compare-title" className="mt-14">
        <h2 id="compare-title" className="mb-4 text-xl font-bold text-slate-900 dark:text-white">
          Free vs Basic
        </h2>
        <PlanComparison planIds={["free", "basic"]} />
      </section>
      <section aria-labelledby="faq-title" className="mt-14">
        <h2 id="faq-title" className="mb-4 text-xl font-bold text-slate-900 dark:text-white">
          Frequently asked questions
        </h2>
        <PricingFaq only={["Can I cancel anytime?", "Do you offer refunds?", "Can I change plans later?", "Can guest accounts subscribe?"]} />
      </section>
    </PageContainer>
  );
}
