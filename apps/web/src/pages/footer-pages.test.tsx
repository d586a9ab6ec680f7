import { describe, expect, it } from "vitest";
import { screen } from "@testing-library/react";
import { CareersPage } from "./careers-page.tsx";
import { CookiesPage } from "./cookies-page.tsx";
import { DocumentationPage } from "./documentation-page.tsx";
import { FeedbackPage } from "./feedback-page.tsx";
import { HelpCenterPage } from "./help-center-page.tsx";
import { PrivacyPage } from "./privacy-page.tsx";
import { SecurityPage } from "./security-page.tsx";
import { TermsPage } from "./terms-page.tsx";
import { ok, stubApi } from "../test/api-stub";
import { renderPage } from "../test/render.tsx";

const lang = (id: number, label: string, version: string) => ({ id, name: label.toLowerCase(), label, version, monacoId: label.toLowerCase() });

describe("footer pages (issue 10 §3.7)", () => {
  it.each([
    [TermsPage, "Terms of use"],
    [PrivacyPage, "Privacy"],
    [CookiesPage, "Cookies"],
    [CareersPage, "Careers"],
    [HelpCenterPage, "Help Center"],
    [SecurityPage, "Security"],
  ])("%o renders its page, %s", (Page, heading) => {
    stubApi({});
    renderPage(<Page />);
    expect(screen.getByRole("heading", { level: 1, name: heading })).toBeInTheDocument();
  });

  it("documents rooms, runs with the live language list, the plan table and the guest idle days", async () => {
    stubApi({
      "GET /rooms/languages": ok([lang(71, "Python", "3.11.2"), lang(63, "JavaScript", "20.19")]),
      "GET /users/guest-policy": ok({ idleDays: 5 }),
    });
    renderPage(<DocumentationPage />);
    expect(screen.getByRole("region", { name: "Rooms" })).toHaveTextContent("6-character ID");
    expect(await screen.findByText("This server runs: Python (3.11.2), JavaScript (20.19).")).toBeInTheDocument();
    const plansSection = screen.getByRole("region", { name: "Plans" });
    expect(plansSection).toHaveTextContent("Free (free): up to 5 rooms, 10 runs and 5 AI questions a day.");
    expect(plansSection).toHaveTextContent("Pro (₹999 a month): unlimited rooms, unlimited runs and unlimited AI questions a day.");
    expect(await screen.findByText(/deleted after 5 days without use/)).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "/api/docs" })).toHaveAttribute("href", "/api/docs");
  });

  it("says so when the server cannot run any language", async () => {
    stubApi({ "GET /rooms/languages": ok([]) });
    renderPage(<DocumentationPage />);
    expect(await screen.findByText("This server cannot run code at the moment, so no language is offered.")).toBeInTheDocument();
  });

  it("sends feedback to support through the contact endpoint", async () => {
    const calls = stubApi({ "POST /users/contact": ok(null, "Message sent successfully. We will get back to you soon") });
    const { user } = renderPage(<FeedbackPage />);
    await user.type(screen.getByLabelText("Full Name"), "Ada Lovelace");
    await user.type(screen.getByLabelText("Email Address"), "ada@example.com");
    await user.type(screen.getByLabelText("Message"), "The dark theme is lovely, more please.");
    await user.click(screen.getByRole("button", { name: /Send/ }));
    expect(await screen.findByText("Message sent successfully. We will get back to you soon")).toBeInTheDocument();
    expect(calls).toEqual([
      {
        method: "POST",
        path: "/users/contact",
        body: { name: "Ada Lovelace", email: "ada@example.com", message: "The dark theme is lovely, more please." },
      },
    ]);
  });
});
