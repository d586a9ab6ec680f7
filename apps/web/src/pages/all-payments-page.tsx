import { PageContainer, PageHeader } from "../components/ui/page-header.tsx";
import { PaymentAnalytics } from "../features/payments/components/payment-analytics.tsx";

/** /allpayments, admin only (spec §2 Payment analytics). */
export function AllPaymentsPage() {
  return (
    <PageContainer>
      <PageHeader eyebrow="Admin" title="All Payments" />
      <div className="mt-10">
        <PaymentAnalytics />
      </div>
    </PageContainer>
  );
}
