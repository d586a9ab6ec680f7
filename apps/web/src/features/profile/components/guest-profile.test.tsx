import { describe, expect, it } from "vitest";
import { screen } from "@testing-library/react";
import { ProfilePage } from "../../../pages/profile-page.tsx";
import { logIn } from "../../../test/factories";
import { renderRoutes } from "../../../test/render.tsx";

describe("profile of a guest (issue 10 §3.8)", () => {
  it("hides the placeholder e-mail and Change Password, and offers Create an account", () => {
    logIn({ role: "GUEST", fullName: "Guest Swift Otter 4821", email: "guest-0123456789abcdef@guest.coderoom.invalid" });
    renderRoutes([{ path: "/profile", element: <ProfilePage /> }], { entries: ["/profile"] });
    expect(screen.getByRole("heading", { name: "Guest Swift Otter 4821" })).toBeInTheDocument();
    expect(screen.queryByText(/guest\.coderoom\.invalid/)).not.toBeInTheDocument();
    expect(screen.queryByRole("link", { name: "Change Password" })).not.toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Create an account" })).toHaveAttribute("href", "/create-account");
  });
});
