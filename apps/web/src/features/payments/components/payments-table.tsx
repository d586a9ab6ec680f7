import { Fragment, useState } from "react";
import { ChevronDown } from "lucide-react";
import clsx from "clsx";
import type { TAdminPayment } from "@coderoom/shared/schemas/payments";
import { Card } from "../../../components/ui/card.tsx";
import { inr, paymentDate } from "./payment-display";
import { PaymentPlanBadge, PaymentStatusBadge } from "./status-badge.tsx";

function Details({ p }: { p: TAdminPayment }) {
  return (
    <dl className="grid gap-x-4 gap-y-1 text-xs text-slate-600 sm:grid-cols-[auto_1fr] dark:text-slate-400">
      <dt className="font-semibold">Payment ID</dt>
      <dd className="font-mono break-all">{p.razorpay_payment_id}</dd>
      <dt className="font-semibold">Subscription ID</dt>
      <dd className="font-mono break-all">{p.razorpay_subscription_id}</dd>
    </dl>
  );
}

const name = (p: TAdminPayment) => p.purchasedBy.fullName || "N/A";

/**
 * Every payment of the page: a table on large screens and cards on small ones. A row
 * or card toggles its details (payment and subscription ids).
 */
export function PaymentsTable({ payments }: { payments: TAdminPayment[] }) {
  const [open, setOpen] = useState<string | null>(null);
  const toggle = (id: string) => setOpen((cur) => (cur === id ? null : id));
  return (
    <>
      <Card className="hidden overflow-x-auto lg:block">
        <table className="w-full text-left text-sm">
          <caption className="sr-only">Payments</caption>
          <thead className="bg-slate-50 text-xs tracking-wide text-slate-500 uppercase dark:bg-slate-800/60 dark:text-slate-400">
            <tr>
              {["User", "Plan", "Amount", "Date", "Status", "Payment ID", ""].map((h) => (
                <th key={h} scope="col" className="px-4 py-3 font-semibold">
                  {h || <span className="sr-only">Details</span>}
                </th>
              ))}
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-200 dark:divide-slate-800">
            {payments.map((p) => (
              <Fragment key={p._id}>
                <tr onClick={() => toggle(p._id)} className="cursor-pointer text-slate-700 hover:bg-slate-50 dark:text-slate-300 dark:hover:bg-slate-800/40">
                  <td className="px-4 py-3">
                    <p className="font-medium text-slate-900 dark:text-white">{name(p)}</p>
                    <p className="text-xs text-slate-500">{p.purchasedBy.email ?? "N/A"}</p>
                  </td>
                  <td className="px-4 py-3">
                    <PaymentPlanBadge amount={p.amount} />
                  </td>
                  <td className="px-4 py-3 font-medium">{inr(p.amount)}</td>
                  <td className="px-4 py-3">{paymentDate(p.createdAt)}</td>
                  <td className="px-4 py-3">
                    <PaymentStatusBadge status={p.status} />
                  </td>
                  <td className="max-w-40 truncate px-4 py-3 font-mono text-xs">{p.razorpay_payment_id}</td>
                  <td className="px-4 py-3">
                    <button
                      type="button"
                      aria-expanded={open === p._id}
                      aria-label={`Details of payment ${p.razorpay_payment_id}`}
                      onClick={(e) => {
                        e.stopPropagation();
                        toggle(p._id);
                      }}
                      className="rounded p-1 text-slate-500 hover:bg-slate-100 dark:hover:bg-slate-800"
                    >
                      <ChevronDown className={clsx("size-4 transition-transform", open === p._id && "rotate-180")} aria-hidden />
                    </button>
                  </td>
                </tr>
                {open === p._id && (
                  <tr>
                    <td colSpan={7} className="bg-slate-50 px-4 py-3 dark:bg-slate-800/40">
                      <Details p={p} />
                    </td>
                  </tr>
                )}
              </Fragment>
            ))}
          </tbody>
        </table>
      </Card>
      <ul className="space-y-3 lg:hidden" aria-label="Payments">
        {payments.map((p) => (
          <li key={p._id}>
            <Card className="p-4 text-sm">
              <button type="button" className="w-full text-left" aria-expanded={open === p._id} onClick={() => toggle(p._id)}>
                <div className="flex items-start justify-between gap-3">
                  <div className="min-w-0">
                    <p className="truncate font-medium text-slate-900 dark:text-white">{name(p)}</p>
                    <p className="truncate text-xs text-slate-500">{p.purchasedBy.email ?? "N/A"}</p>
                  </div>
                  <p className="font-bold text-slate-900 dark:text-white">{inr(p.amount)}</p>
                </div>
                <div className="mt-3 flex flex-wrap items-center gap-2 text-xs text-slate-600 dark:text-slate-400">
                  <PaymentPlanBadge amount={p.amount} />
                  <PaymentStatusBadge status={p.status} />
                  <span>{paymentDate(p.createdAt)}</span>
                </div>
              </button>
              {open === p._id && (
                <div className="mt-3 border-t border-slate-200 pt-3 dark:border-slate-800">
                  <Details p={p} />
                </div>
              )}
            </Card>
          </li>
        ))}
      </ul>
    </>
  );
}
