import { Link } from "react-router";
import { Receipt } from "lucide-react";
import type { TPayment } from "@coderoom/shared/schemas/payments";
import { buttonClasses } from "../../../components/ui/button.tsx";
import { Badge, Card } from "../../../components/ui/card.tsx";
import { inr, paymentDate } from "./payment-display";
import { PaymentPlanBadge, PaymentStatusBadge } from "./status-badge.tsx";

const ActiveBadge = () => <Badge tone="green">Active</Badge>;

/** The amount; a payment that did not complete (declined, closed) was never charged, and says so. */
function PaymentAmount({ payment }: { payment: TPayment }) {
  if (payment.status === "completed") return <>{inr(payment.amount)} INR</>;
  return (
    <>
      <s className="text-slate-500 dark:text-slate-400">{inr(payment.amount)} INR</s> <span className="text-sm font-semibold">not charged</span>
    </>
  );
}

/** Empty state of the purchase history (spec §2). */
export function NoPurchases() {
  return (
    <Card className="flex flex-col items-center gap-3 p-10 text-center">
      <Receipt className="size-10 text-slate-400" aria-hidden />
      <h2 className="text-lg font-semibold text-slate-900 dark:text-white">No Subscription History</h2>
      <p className="text-sm text-slate-600 dark:text-slate-400">Your subscription payments will be listed here.</p>
      <Link to="/pricing" className={buttonClasses("primary", "md", "mt-2")}>
        View Pricing Plans
      </Link>
    </Card>
  );
}

/**
 * The user's payments: a table on large screens, cards on small ones; the payment of
 * the current subscription carries the Active badge.
 */
export function PurchaseHistoryList({ payments, currentSubscriptionId }: { payments: TPayment[]; currentSubscriptionId: string | null }) {
  const isActive = (p: TPayment) => currentSubscriptionId !== null && p.razorpay_subscription_id === currentSubscriptionId && p.status === "completed";
  return (
    <>
      <Card className="hidden overflow-x-auto lg:block">
        <table className="w-full text-left text-sm">
          <caption className="sr-only">Your payments</caption>
          <thead className="bg-slate-50 text-xs tracking-wide text-slate-500 uppercase dark:bg-slate-800/60 dark:text-slate-400">
            <tr>
              {["Payment ID", "Subscription ID", "Plan", "Amount", "Date", "Status"].map((h) => (
                <th key={h} scope="col" className="px-4 py-3 font-semibold">
                  {h}
                </th>
              ))}
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-200 dark:divide-slate-800">
            {payments.map((p) => (
              <tr key={p._id} className="text-slate-700 dark:text-slate-300">
                <td className="px-4 py-3 font-mono text-xs">{p.razorpay_payment_id}</td>
                <td className="px-4 py-3 font-mono text-xs">
                  {p.razorpay_subscription_id} {isActive(p) && <ActiveBadge />}
                </td>
                <td className="px-4 py-3">
                  <PaymentPlanBadge amount={p.amount} />
                </td>
                <td className="px-4 py-3 font-medium">
                  <PaymentAmount payment={p} />
                </td>
                <td className="px-4 py-3">{paymentDate(p.createdAt)}</td>
                <td className="px-4 py-3">
                  <PaymentStatusBadge status={p.status} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </Card>
      <ul className="space-y-4 lg:hidden" aria-label="Your payments">
        {payments.map((p) => (
          <li key={p._id}>
            <Card className="space-y-3 p-5 text-sm">
              <div className="flex flex-wrap items-center justify-between gap-2">
                <PaymentPlanBadge amount={p.amount} />
                <div className="flex gap-2">
                  {isActive(p) && <ActiveBadge />}
                  <PaymentStatusBadge status={p.status} />
                </div>
              </div>
              <p className="text-2xl font-bold text-slate-900 dark:text-white">
                <PaymentAmount payment={p} />
              </p>
              <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-slate-600 dark:text-slate-400">
                <dt>Date</dt>
                <dd>{paymentDate(p.createdAt)}</dd>
                <dt>Payment ID</dt>
                <dd className="font-mono text-xs break-all">{p.razorpay_payment_id}</dd>
                <dt>Subscription ID</dt>
                <dd className="font-mono text-xs break-all">{p.razorpay_subscription_id}</dd>
              </dl>
            </Card>
          </li>
        ))}
      </ul>
    </>
  );
}
