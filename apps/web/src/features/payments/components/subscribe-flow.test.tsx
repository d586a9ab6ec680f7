import { describe, expect, it } from "vitest";
import { screen, waitFor, within } from "@testing-library/react";
import { SubscribeBasicPage } from "../../../pages/subscribe-basic-page.tsx";
import { SubscribeProPage } from "../../../pages/subscribe-pro-page.tsx";
import { deferred, fail, ok, stubApi, type TStubReply } from "../../../test/api-stub";
import { logIn, makeUser } from "../../../test/factories";
import { renderRoutes } from "../../../test/render.tsx";

const routes = [
  { path: "/subscribe-basic", element: <SubscribeBasicPage /> },
  { path: "/subscribe-pro", element: <SubscribeProPage /> },
  { path: "/pricing", element: <h1>stub pricing</h1> },
  { path: "/profile", element: <h1>stub profile</h1> },
];
const SLOW = 20_000;
const checkout = { razorpay_payment_id: "pay_t1", razorpay_subscription_id: "sub_t1", razorpay_signature: "abc" };
const proUser = makeUser({ subscription: { id: "sub_t1", status: "active", plan: "pro", expiresOn: "2026-05-01T00:00:00.000Z" } });

describe("purchase flow in Test mode", () => {
  it("key -> subscription -> Test mode checkout -> verify -> profile refresh -> /profile", async () => {
    logIn();
    const calls = stubApi({
      "GET /payments/apikey": ok({ key: "rzp_test_coderoom", mode: "test" }),
      "GET /payments/buy/pro": ok({ id: "sub_t1" }),
      "POST /payments/test-checkout/pay": ok(checkout),
      // Test mode's own webhook may have recorded the payment first.
      "POST /payments/verify": ok(null, "Payment already verified"),
      "GET /users/profile": ok(proUser),
    });
    const { user, router } = renderRoutes(routes, { entries: ["/subscribe-pro"] });
    await user.click(screen.getByRole("button", { name: "Start Pro Trial - 7 Days Free" }));
    const dialog = await screen.findByRole("dialog", { name: "Test mode checkout" });
    expect(dialog).toHaveTextContent("Test mode.");
    await user.click(within(dialog).getByRole("button", { name: "Pay ₹999" }));
    await screen.findByRole("heading", { name: "stub profile" });
    expect(router.state.location.pathname).toBe("/profile");
    expect(calls.map((c) => `${c.method} ${c.path}`)).toEqual([
      "GET /payments/apikey",
      "GET /payments/buy/pro",
      "POST /payments/test-checkout/pay",
      "POST /payments/verify",
      "GET /users/profile",
    ]);
    expect(calls[3]!.body).toEqual({ ...checkout, amount: 999, plan: "pro" });
    // The checkout ends on the success message, not on the page's already-subscribed guard.
    expect(await screen.findByText("Payment verified successfully. Your plan is active")).toBeInTheDocument();
    expect(screen.queryByText("Already subscribed to Pro plan")).not.toBeInTheDocument();
    // Test mode never loads Razorpay's script.
    expect(document.querySelector('script[src*="razorpay"]')).toBeNull();
  }, SLOW);

  it("ignores repeat clicks while a purchase is starting", async () => {
    logIn();
    const hold = deferred<TStubReply>();
    const calls = stubApi({
      "GET /payments/apikey": () => hold.promise,
      "GET /payments/buy/basic": ok({ id: "sub_t2" }),
    });
    const { user } = renderRoutes(routes, { entries: ["/subscribe-basic"] });
    const button = screen.getByRole("button", { name: "Subscribe to Basic" });
    await user.click(button);
    await user.click(button);
    await user.dblClick(button);
    expect(calls.filter((c) => c.path === "/payments/apikey")).toHaveLength(1);
    hold.resolve(ok({ key: "rzp_test_coderoom", mode: "test" }));
    await screen.findByRole("dialog", { name: "Test mode checkout" });
    expect(calls.filter((c) => c.path === "/payments/buy/basic")).toHaveLength(1);
  }, SLOW);

  it("shows Something went wrong when the key or subscription id is missing, and re-enables the button", async () => {
    logIn();
    stubApi({ "GET /payments/apikey": ok({ key: "", mode: "test" }) });
    const { user } = renderRoutes(routes, { entries: ["/subscribe-basic"] });
    await user.click(screen.getByRole("button", { name: "Subscribe to Basic" }));
    expect(await screen.findByText("Something went wrong")).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole("button", { name: "Subscribe to Basic" })).toBeEnabled());
    // The loading toast is dismissed (react-hot-toast removes it after its exit animation).
    await waitFor(() => expect(screen.queryByText("Starting checkout...")).not.toBeInTheDocument(), { timeout: 5000 });
  }, SLOW);

  it("shows the server's reason when buying is refused, and stays on the page", async () => {
    logIn();
    stubApi({
      "GET /payments/apikey": ok({ key: "rzp_test_coderoom", mode: "test" }),
      "GET /payments/buy/basic": fail(502, "The payment provider could not be reached", "payment_provider_unavailable"),
    });
    const { user } = renderRoutes(routes, { entries: ["/subscribe-basic"] });
    await user.click(screen.getByRole("button", { name: "Subscribe to Basic" }));
    expect(await screen.findByText("The payment provider could not be reached")).toBeInTheDocument();
    expect(screen.queryByText("Something went wrong")).not.toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole("button", { name: "Subscribe to Basic" })).toBeEnabled());
  }, SLOW);

  it("Decline reports the failed payment and closes the checkout without verifying", async () => {
    logIn();
    const calls = stubApi({
      "GET /payments/apikey": ok({ key: "rzp_test_coderoom", mode: "test" }),
      "GET /payments/buy/basic": ok({ id: "sub_t3" }),
      "POST /payments/test-checkout/decline": ok(null),
    });
    const { user } = renderRoutes(routes, { entries: ["/subscribe-basic"] });
    await user.click(screen.getByRole("button", { name: "Subscribe to Basic" }));
    await user.click(within(await screen.findByRole("dialog")).getByRole("button", { name: "Decline" }));
    expect(await screen.findByText("Payment declined")).toBeInTheDocument();
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
    expect(calls.some((c) => c.path === "/payments/verify")).toBe(false);
  }, SLOW);
});

describe("subscribe pages", () => {
  it("send an active subscriber away from the Basic page with the spec's message", async () => {
    logIn({ subscription: { id: "s", status: "active", plan: "basic", expiresOn: "2026-05-01T00:00:00.000Z" } });
    renderRoutes(routes, { entries: ["/subscribe-basic"] });
    expect(await screen.findByRole("heading", { name: "stub pricing" })).toBeInTheDocument();
    expect(await screen.findByText("Already subscribed to Basic plan")).toBeInTheDocument();
  });

  it("send an active Pro user away from the Pro page, but let a Basic user upgrade", async () => {
    logIn({ subscription: { id: "s", status: "active", plan: "pro", expiresOn: "2026-05-01T00:00:00.000Z" } });
    const first = renderRoutes(routes, { entries: ["/subscribe-pro"] });
    expect(await screen.findByText("Already subscribed to Pro plan")).toBeInTheDocument();
    first.unmount();
    logIn({ subscription: { id: "s", status: "active", plan: "basic", expiresOn: "2026-05-01T00:00:00.000Z" } });
    renderRoutes(routes, { entries: ["/subscribe-pro"] });
    expect(screen.getByRole("button", { name: "Start Pro Trial - 7 Days Free" })).toBeInTheDocument();
  });

  it("show the price, features, comparison and enterprise box, and tell guests they cannot subscribe", () => {
    logIn({ role: "GUEST" });
    renderRoutes(routes, { entries: ["/subscribe-pro"] });
    expect(screen.getByRole("banner")).toHaveTextContent("₹999 per month");
    expect(screen.getByRole("table", { name: "Plan comparison" })).toHaveTextContent("FreeBasicPro");
    expect(screen.getByRole("link", { name: "Contact Sales" })).toHaveAttribute("href", "/contact");
    expect(screen.queryByRole("button", { name: "Start Pro Trial - 7 Days Free" })).not.toBeInTheDocument();
    expect(screen.getByText(/Guest accounts cannot subscribe/)).toBeInTheDocument();
  });
});
