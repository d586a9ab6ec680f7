import { describe, expect, it } from "vitest";
import { screen, waitFor, within } from "@testing-library/react";
import type { TAdminPayment, TPaymentSummary } from "@coderoom/shared/schemas/payments";
import { deferred, ok, stubApi, type TStubReply } from "../../../test/api-stub";
import { logIn } from "../../../test/factories";
import { renderPage } from "../../../test/render.tsx";
import { PaymentAnalytics } from "./payment-analytics.tsx";

const payment = (i: number, over: Partial<TAdminPayment> = {}): TAdminPayment => ({
  _id: `p${i}`,
  amount: i % 2 ? 999 : 499,
  status: "completed",
  createdAt: "2026-03-05T10:00:00.000Z",
  razorpay_payment_id: `pay_${i}`,
  razorpay_subscription_id: `sub_${i}`,
  purchasedBy: { fullName: `User ${i}`, email: `user${i}@example.com` },
  ...over,
});

/** A summary of `total` payments, answering the requested page. */
function summaryFor(total: number, start: number, limit: number, rows?: TAdminPayment[]): TPaymentSummary {
  const purchases = rows ?? Array.from({ length: Math.max(0, Math.min(limit, total - start)) }, (_, k) => payment(start + k + 1));
  return {
    purchases,
    totalRevenue: 12_345,
    totalTransactions: total,
    completedCount: total,
    successRate: "100.00",
    avgTransactionPrice: 749,
    start,
    limit,
    revenueByMonth: [{ month: "2026-03", revenue: 12_345 }],
  };
}

const paged = (total: number) => (call: { body: unknown }) => {
  const { start, limit } = call.body as { start: number; limit: number };
  return ok(summaryFor(total, start, limit));
};

// Typing and paging through a full table in jsdom is slow on a loaded machine; this is not a timing test.
const SLOW = 30_000;

describe("payment analytics", () => {
  it("shows the four totals, the chart and the first page of 10", async () => {
    logIn({ role: "ADMIN" });
    const calls = stubApi({ "POST /payments/all": paged(23) });
    renderPage(<PaymentAnalytics />);
    const totals = await screen.findByRole("region", { name: "Payment totals" });
    expect(totals).toHaveTextContent("Total Revenue₹12,345");
    expect(totals).toHaveTextContent("Total Transactions23");
    expect(totals).toHaveTextContent("Success Rate100.00%");
    expect(totals).toHaveTextContent("Avg. Transaction₹749");
    expect(screen.getByRole("img", { name: /Revenue per month/ })).toBeInTheDocument();
    // The month label names the year in full: "Mar 26" read as a date (issue 42).
    expect(screen.getByText("Mar 2026")).toBeInTheDocument();
    expect(calls[0]!.body).toEqual({ start: 0, limit: 10 });
    expect(screen.getByText("Showing 1-10 of 23 payments")).toBeInTheDocument();
    expect(screen.getByText("Page 1 of 3")).toBeInTheDocument();
  });

  it("pages by limit: Previous disabled at start 0, Next disabled on the last page", async () => {
    logIn({ role: "ADMIN" });
    const calls = stubApi({ "POST /payments/all": paged(23) });
    const { user } = renderPage(<PaymentAnalytics />);
    await screen.findByText("Page 1 of 3");
    const prev = () => screen.getByRole("button", { name: "Previous" });
    const next = () => screen.getByRole("button", { name: "Next" });
    expect(prev()).toBeDisabled();
    expect(next()).toBeEnabled();
    await user.click(next());
    await screen.findByText("Page 2 of 3");
    expect(prev()).toBeEnabled();
    await user.click(next());
    await screen.findByText("Showing 21-23 of 23 payments");
    expect(screen.getByText("Page 3 of 3")).toBeInTheDocument();
    expect(next()).toBeDisabled();
    await user.click(prev());
    await screen.findByText("Page 2 of 3");
    expect(calls.map((c) => (c.body as { start: number }).start)).toEqual([0, 10, 20, 10]);
  }, SLOW);

  it("disables both buttons while a page is loading", async () => {
    logIn({ role: "ADMIN" });
    const hold = deferred<TStubReply>();
    let n = 0;
    stubApi({ "POST /payments/all": (call) => (n++ === 0 ? paged(23)(call) : hold.promise) });
    const { user } = renderPage(<PaymentAnalytics />);
    await screen.findByText("Page 1 of 3");
    await user.click(screen.getByRole("button", { name: "Next" }));
    expect(screen.getByRole("button", { name: "Next" })).toBeDisabled();
    expect(screen.getByRole("button", { name: "Previous" })).toBeDisabled();
    hold.resolve(ok(summaryFor(23, 10, 10)));
    await waitFor(() => expect(screen.getByRole("button", { name: "Previous" })).toBeEnabled());
    expect(screen.getByText("Showing 11-20 of 23 payments")).toBeInTheDocument();
  }, SLOW);

  it("filters by search, status and plan; Clear Filters shows only while a filter is active", async () => {
    logIn({ role: "ADMIN" });
    const rows = [
      payment(1, { purchasedBy: { fullName: "Asha Rao", email: "asha@example.com" } }),
      payment(2, { status: "cancelled", purchasedBy: { fullName: "Bilal Khan", email: "bilal@example.com" } }),
      payment(3, { amount: 100, razorpay_payment_id: "pay_custom", purchasedBy: { fullName: null, email: null } }),
    ];
    stubApi({ "POST /payments/all": ok(summaryFor(3, 0, 10, rows)) });
    const { user } = renderPage(<PaymentAnalytics />);
    await screen.findByText("Showing 1-3 of 3 payments");
    expect(screen.queryByRole("button", { name: "Clear Filters" })).not.toBeInTheDocument();
    const list = () => screen.getByRole("list", { name: "Payments" });

    await user.type(screen.getByRole("searchbox", { name: "Search payments" }), "BILAL@");
    expect(within(list()).getAllByRole("listitem")).toHaveLength(1);
    expect(list()).toHaveTextContent("Bilal Khan");
    expect(screen.getByText("Showing 1-3 of 3 payments (1 match the filters)")).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Clear Filters" }));
    expect(within(list()).getAllByRole("listitem")).toHaveLength(3);
    expect(screen.queryByRole("button", { name: "Clear Filters" })).not.toBeInTheDocument();

    await user.type(screen.getByRole("searchbox", { name: "Search payments" }), "pay_custom");
    expect(list()).toHaveTextContent("N/A");
    expect(list()).toHaveTextContent("Custom Plan");
    await user.click(screen.getByRole("button", { name: "Clear Filters" }));

    await user.selectOptions(screen.getByRole("combobox", { name: "Status" }), "cancelled");
    expect(within(list()).getAllByRole("listitem")).toHaveLength(1);
    expect(list()).toHaveTextContent("Bilal Khan");
    await user.selectOptions(screen.getByRole("combobox", { name: "Status" }), "all");
    await user.selectOptions(screen.getByRole("combobox", { name: "Plan" }), "Pro Plan");
    expect(within(list()).getAllByRole("listitem")).toHaveLength(1);
    expect(list()).toHaveTextContent("Asha Rao");

    await user.type(screen.getByRole("searchbox", { name: "Search payments" }), "nobody");
    expect(screen.getAllByText("No Payments Found").length).toBeGreaterThan(0);
  }, SLOW);

  it("expands a card to show the payment and subscription ids", async () => {
    logIn({ role: "ADMIN" });
    stubApi({ "POST /payments/all": ok(summaryFor(1, 0, 10)) });
    const { user } = renderPage(<PaymentAnalytics />);
    const list = await screen.findByRole("list", { name: "Payments" });
    const toggle = within(list).getByRole("button", { expanded: false });
    await user.click(toggle);
    expect(toggle).toHaveAttribute("aria-expanded", "true");
    expect(list).toHaveTextContent("Subscription IDsub_1");
  });

  it("shows No Payments Found when there are none", async () => {
    logIn({ role: "ADMIN" });
    stubApi({ "POST /payments/all": ok(summaryFor(0, 0, 10)) });
    renderPage(<PaymentAnalytics />);
    expect((await screen.findAllByText("No Payments Found")).length).toBeGreaterThan(0);
    expect(screen.getByText("Showing 0-0 of 0 payments")).toBeInTheDocument();
    expect(screen.getByText("Page 1 of 1")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Next" })).toBeDisabled();
  });
});
