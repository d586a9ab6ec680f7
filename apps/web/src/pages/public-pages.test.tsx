import { describe, expect, it } from "vitest";
import { screen, within } from "@testing-library/react";
import { HomePage } from "./home-page.tsx";
import { NotFoundPage } from "./not-found-page.tsx";
import { PricingPage } from "./pricing-page.tsx";
import { fail, ok, stubApi } from "../test/api-stub";
import { logIn } from "../test/factories";
import { renderPage } from "../test/render.tsx";

describe("landing page", () => {
  it("shows the live number of languages from GET /rooms/languages", async () => {
    stubApi({ "GET /rooms/languages": ok([{ id: 71, name: "Python" }, { id: 63, name: "JavaScript" }, { id: 54, name: "C++" }]) });
    renderPage(<HomePage />);
    expect(screen.getByRole("heading", { name: "Code Together in Real-Time" })).toBeInTheDocument();
    expect((await screen.findAllByText("3 languages")).length).toBeGreaterThan(0);
    expect(screen.queryByText(/\d+\+ languages/)).not.toBeInTheDocument();
  });

  it("names only languages from the live list in the feature card (no Go or Rust unless installed)", async () => {
    const lang = (id: number, label: string) => ({ id, name: label.toLowerCase(), label, version: "1", monacoId: label.toLowerCase() });
    stubApi({ "GET /rooms/languages": ok([lang(71, "Python"), lang(63, "JavaScript")]) });
    renderPage(<HomePage />);
    expect(await screen.findByText("Including Python, JavaScript.")).toBeInTheDocument();
    expect(screen.queryByText(/\b(Go|Rust)\b/)).not.toBeInTheDocument();
    expect(screen.queryByText(/99\.9%|24\/7/)).not.toBeInTheDocument();
    // No invented user, session or project counts (issue 42).
    expect(screen.queryByText(/\d+(,\d+)?K?\+/)).not.toBeInTheDocument();
  });

  it("sends both calls to action to /dashboard and never claims a fixed language count", async () => {
    stubApi({ "GET /rooms/languages": fail(500, "down") });
    renderPage(<HomePage />);
    expect(screen.getByRole("link", { name: "Start Coding" })).toHaveAttribute("href", "/dashboard");
    expect(screen.getByRole("link", { name: "Get Started Free" })).toHaveAttribute("href", "/dashboard");
    expect((await screen.findAllByText("Many languages")).length).toBeGreaterThan(0);
  });
});

describe("pricing page", () => {
  it("shows Free, Basic (MOST POPULAR) and Pro with their prices and destinations", () => {
    renderPage(<PricingPage />);
    const card = (name: string) => screen.getByRole("listitem", { name: `${name} plan` });
    expect(card("Free")).toHaveTextContent("₹0");
    expect(within(card("Free")).getByRole("link")).toHaveAttribute("href", "/dashboard");
    expect(card("Basic")).toHaveTextContent("MOST POPULAR");
    expect(card("Basic")).toHaveTextContent("₹499");
    expect(within(card("Basic")).getByRole("link")).toHaveAttribute("href", "/subscribe-basic");
    expect(card("Pro")).toHaveTextContent("₹999");
    expect(within(card("Pro")).getByRole("link")).toHaveAttribute("href", "/subscribe-pro");
    expect(screen.getByRole("link", { name: "Contact Us" })).toHaveAttribute("href", "/contact");
  });

  it("marks a Basic subscriber's plan as the current one and offers only the upgrade", () => {
    logIn({ subscription: { id: "sub_b", status: "active", plan: "basic", expiresOn: "2026-04-06T00:00:00.000Z" } });
    renderPage(<PricingPage />);
    const card = (name: string) => screen.getByRole("listitem", { name: `${name} plan` });
    expect(within(card("Basic")).getByRole("button", { name: "Current plan" })).toBeDisabled();
    expect(within(card("Basic")).queryByRole("link")).not.toBeInTheDocument();
    expect(card("Basic")).toHaveAttribute("aria-current", "true");
    expect(within(card("Free")).getByRole("button", { name: "Included in Basic" })).toBeDisabled();
    expect(within(card("Pro")).getByRole("link", { name: "Upgrade to Pro" })).toHaveAttribute("href", "/subscribe-pro");
  });

  it("marks Free as the current plan of a signed-in user without a subscription", () => {
    logIn();
    renderPage(<PricingPage />);
    const card = (name: string) => screen.getByRole("listitem", { name: `${name} plan` });
    expect(within(card("Free")).getByRole("button", { name: "Current plan" })).toBeDisabled();
    expect(within(card("Basic")).getByRole("link", { name: "Subscribe to Basic" })).toHaveAttribute("href", "/subscribe-basic");
  });

  it("opens one FAQ answer at a time", async () => {
    const { user } = renderPage(<PricingPage />);
    const refunds = screen.getByRole("button", { name: "Do you offer refunds?" });
    expect(refunds).toHaveAttribute("aria-expanded", "false");
    await user.click(refunds);
    expect(refunds).toHaveAttribute("aria-expanded", "true");
    expect(screen.getByRole("region", { name: "Do you offer refunds?" })).toHaveTextContent("not refunded automatically");
    expect(screen.getByRole("button", { name: "Is there a free trial of Pro?" })).toHaveAttribute("aria-expanded", "false");
  });
});

describe("not-found page", () => {
  it("offers Back to Home and support, without the dashboard link for a visitor", () => {
    renderPage(<NotFoundPage />);
    expect(screen.getByRole("heading", { name: "Page Not Found" })).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Back to Home" })).toHaveAttribute("href", "/");
    expect(screen.getByRole("link", { name: "Contact our support team" })).toHaveAttribute("href", "/contact");
    expect(screen.queryByRole("link", { name: "Go to Dashboard" })).not.toBeInTheDocument();
  });

  it("adds Go to Dashboard for a logged-in user", () => {
    logIn();
    renderPage(<NotFoundPage />);
    expect(screen.getByRole("link", { name: "Go to Dashboard" })).toHaveAttribute("href", "/dashboard");
  });
});
