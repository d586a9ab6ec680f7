import { describe, expect, it } from "vitest";
import { screen, within } from "@testing-library/react";
import type { TPayment } from "@coderoom/shared/schemas/payments";
import { PurchaseHistoryPage } from "../../../pages/purchase-history-page.tsx";
import { ok, stubApi } from "../../../test/api-stub";
import { logIn } from "../../../test/factories";
import { renderPage } from "../../../test/render.tsx";

const pay = (id: string, over: Partial<TPayment> = {}): TPayment => ({
  _id: id,
  amount: 999,
  status: "completed",
  createdAt: "2026-03-05T20:00:00.000Z",
  razorpay_payment_id: `pay_${id}`,
  razorpay_subscription_id: `sub_${id}`,
  ...over,
});

describe("purchase history", () => {
  it("lists payments with plan from the amount, status rule, date and the Active badge on the current subscription", async () => {
    logIn({ subscription: { id: "sub_b", status: "active", plan: "basic", expiresOn: "2026-04-06T00:00:00.000Z" } });
    stubApi({
      "GET /payments/history": ok([pay("b", { amount: 499 }), pay("a", { status: "cancelled" }), pay("c", { amount: 5 })]),
    });
    renderPage(<PurchaseHistoryPage />);
    const table = await screen.findByRole("table", { name: "Your payments" });
    const rows = within(table).getAllByRole("row").slice(1);
    expect(rows[0]).toHaveTextContent("Basic Plan");
    expect(rows[0]).toHaveTextContent("₹499 INR");
    expect(rows[0]).toHaveTextContent("06 Mar 2026");
    expect(within(rows[0]!).getByText("Active")).toBeInTheDocument();
    expect(rows[1]).toHaveTextContent("Pro Plan");
    expect(rows[1]).toHaveTextContent("cancelled");
    // A declined attempt is not a charge: its amount says so.
    expect(rows[1]).toHaveTextContent("₹999 INR not charged");
    expect(rows[0]).not.toHaveTextContent("not charged");
    expect(within(rows[1]!).queryByText("Active")).not.toBeInTheDocument();
    expect(rows[2]).toHaveTextContent("Custom Plan");
    // The small-screen cards carry the same payments.
    expect(within(screen.getByRole("list", { name: "Your payments" })).getAllByRole("listitem")).toHaveLength(3);
  });

  it("shows the empty state with a way to the pricing plans", async () => {
    logIn();
    stubApi({ "GET /payments/history": ok([]) });
    renderPage(<PurchaseHistoryPage />);
    expect(await screen.findByText("No Subscription History")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "View Pricing Plans" })).toHaveAttribute("href", "/pricing");
  });
});
