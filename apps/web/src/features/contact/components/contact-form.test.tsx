import { describe, expect, it } from "vitest";
import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { ContactForm } from "./contact-form.tsx";
import { deferred, fail, ok, stubApi } from "../../../test/api-stub";
import { logIn } from "../../../test/factories";

async function fill(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByLabelText("Full Name"), "Ada Lovelace");
  await user.type(screen.getByLabelText("Email Address"), "ada@example.com");
  await user.type(screen.getByLabelText("Message"), "Hello, I love CodeRoom!");
}

describe("contact form", () => {
  it("fills in a signed-in user's name and e-mail, but not a guest's", () => {
    logIn({ fullName: "Grace Hopper", email: "grace@example.com" });
    const { unmount } = render(<ContactForm />);
    expect(screen.getByLabelText("Full Name")).toHaveValue("Grace Hopper");
    expect(screen.getByLabelText("Email Address")).toHaveValue("grace@example.com");
    expect(screen.getByLabelText("Message")).toHaveValue("");
    unmount();
    logIn({ role: "GUEST", fullName: "Guest 123", email: "g123@guest.coderoom.invalid" });
    render(<ContactForm />);
    expect(screen.getByLabelText("Email Address")).toHaveValue("");
  });

  it("shows the spec's messages and sends nothing", async () => {
    const calls = stubApi({});
    const user = userEvent.setup();
    render(<ContactForm />);
    await user.click(screen.getByRole("button", { name: "Send Message" }));
    expect(await screen.findByText("Full name is required")).toBeInTheDocument();
    expect(screen.getByText("Email is required")).toBeInTheDocument();
    expect(screen.getByText("Message is required")).toBeInTheDocument();
    await user.type(screen.getByLabelText("Email Address"), "ada@x");
    await user.type(screen.getByLabelText("Message"), "too short");
    expect(await screen.findByText("Invalid email format")).toBeInTheDocument();
    expect(screen.getByText("Message must be at least 10 characters")).toBeInTheDocument();
    await user.clear(screen.getByLabelText("Message"));
    await user.click(screen.getByLabelText("Message"));
    await user.paste("x".repeat(2001));
    expect(await screen.findByText("Message is too long")).toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });

  it("shows Sending... with the button and message disabled, then posts and resets", async () => {
    const gate = deferred();
    const calls = stubApi({
      "POST /users/contact": async () => {
        await gate.promise;
        return ok(null, "Message sent");
      },
    });
    const user = userEvent.setup();
    render(<ContactForm />);
    await fill(user);
    await user.click(screen.getByRole("button", { name: "Send Message" }));
    expect(await screen.findByRole("button", { name: "Sending..." })).toBeDisabled();
    expect(screen.getByLabelText("Message")).toBeDisabled();
    gate.resolve();
    expect(await screen.findByRole("button", { name: "Send Message" })).toBeEnabled();
    expect(calls[0]).toEqual({
      method: "POST",
      path: "/users/contact",
      body: { name: "Ada Lovelace", email: "ada@example.com", message: "Hello, I love CodeRoom!" },
    });
    expect(screen.getByLabelText("Full Name")).toHaveValue("");
    expect(screen.getByLabelText("Message")).toHaveValue("");
    expect(screen.getByLabelText("Message")).toBeEnabled();
  });

  it("keeps the text after a failed send so it can be retried", async () => {
    stubApi({ "POST /users/contact": fail(429, "Too many requests") });
    const user = userEvent.setup();
    render(<ContactForm />);
    await fill(user);
    await user.click(screen.getByRole("button", { name: "Send Message" }));
    expect(await screen.findByRole("button", { name: "Send Message" })).toBeEnabled();
    expect(screen.getByLabelText("Message")).toHaveValue("Hello, I love CodeRoom!");
  });
});
