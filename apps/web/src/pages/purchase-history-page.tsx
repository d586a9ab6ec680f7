import { PageContainer, PageHeader } from "../components/ui/page-header.tsx";
import { PageSpinner } from "../components/ui/spinner.tsx";
import { usePaymentHistory } from "../features/payments/api/payments-api";
import { NoPurchases, PurchaseHistoryList } from "../features/payments/components/purchase-history-list.tsx";
import { useAuth } from "../lib/auth-store";

/** /purchasehistory: the user's own payments (spec §2). */
export function PurchaseHistoryPage() {
  const { data: user } = useAuth();
  const history = usePaymentHistory();
  return (
    <PageContainer>
      <PageHeader eyebrow="My Purchases" title="Purchase History" />
      <div className="mt-10">
        {history.isPending ? (
          <PageSpinner />
        ) : history.data && history.data.length > 0 ? (
          <PurchaseHistoryList payments={history.data} currentSubscriptionId={user?.subscription.id ?? null} />
        ) : (
          <NoPurchases />
        )}
      </div>
    </PageContainer>
  );
}
