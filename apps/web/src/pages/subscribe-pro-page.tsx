import { Link } from "react-router";
import { Building2 } from "lucide-react";
import { plans } from "@coderoom/shared/constants/plans";
import { buttonClasses } from "../components/ui/button.tsx";
import { PageContainer, PageHeader } from "../components/ui/page-header.tsx";
import { PageSpinner } from "../components/ui/spinner.tsx";
import { SubscribeButton } from "../features/payments/components/subscribe-button.tsx";
import { useSubscribedGuard } from "../features/payments/hooks/use-subscribed-guard";
import { PlanComparison } from "../features/pricing/components/plan-comparison.tsx";
import { PlanFeatures } from "../features/pricing/components/plan-features.tsx";
import { rupees } from "../features/pricing/components/plan-display";

const features = ["Unlimited rooms", "Unlimited code runs", "Unlimited AI assistant questions", "Priority support"];

/**
 * /subscribe-pro (spec §2). "Start Pro Trial - 7 Days Free" runs the normal purchase;
 * the server gives an account's first Pro subscription 7 free days on top of the paid month.
 */
export function SubscribeProPage() {
  if (useSubscribedGuard("pro")) return <PageSpinner />;
  return (
    <PageContainer narrow>
      <PageHeader eyebrow="Pro plan" title="Everything, without limits">
        <span className="text-4xl font-extrabold text-slate-900 dark:text-white">{rupees(plans.pro.price)}</span> per month, billed
        monthly. Cancel anytime.
      </PageHeader>
      <section aria-label="What you get" className="mt-10">
        <PlanFeatures features={features} />
      </section>
      <div className="mt-8 flex flex-col items-center gap-3 text-center">
        <SubscribeButton plan="pro" label="Start Pro Trial - 7 Days Free" />
        <p className="max-w-md text-sm text-slate-600 dark:text-slate-400">
          You pay {rupees(plans.pro.price)} today. Your first Pro subscription runs for one month plus 7 free days; the 7 days are
          given once per account. Upgrading from Basic applies at once.
        </p>
      </div>
      <aside aria-labelledby="enterprise-title" className="mt-12 flex flex-col gap-4 rounded-2xl bg-indigo-50 p-6 sm:flex-row sm:items-center dark:bg-indigo-500/10">
        <Building2 className="size-8 shrink-0 text-indigo-600 dark:text-indigo-400" aria-hidden />
        <div className="flex-1">
          <h2 id="enterprise-title" className="font-semibold text-slate-900 dark:text-white">
            Need it for a whole organisation?
          </h2>
          <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">Tell us about your team and we will talk about what fits.</p>
        </div>
        <Link to="/contact" className={buttonClasses("outline", "md", "shrink-0")}>
          Contact Sales
        </Link>
      </aside>
      <section aria-labelledby="compare-title" className="mt-14">
        <h2 id="compare-title" className="mb-4 text-xl font-bold text-slate-900 dark:text-white">
          Free, Basic and Pro
        </h2>
        <PlanComparison planIds={["free", "basic", "pro"]} />
      </section>
    </PageContainer>
  );
}
