import { describe, expect, it, vi } from "vitest";
import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { playgroundMessages } from "@coderoom/shared/messages";
import { PlaygroundToolbar, type TRunPhase } from "./playground-toolbar.tsx";

function setup(overrides: Partial<Parameters<typeof PlaygroundToolbar>[0]> = {}) {
  const onRun = vi.fn();
  const props = {
    languageName: "Python",
    fontSize: 18,
    onFontSize: vi.fn(),
    access: "Owner" as const,
    isOwner: true,
    saving: false,
    onSave: vi.fn(),
    runPhase: "idle" as TRunPhase,
    canStop: false,
    onRun,
    onStop: vi.fn(),
    ...overrides,
  };
  const view = render(<PlaygroundToolbar {...props} />);
  // A Ctrl/Cmd+Enter from the page: the next runRequest.
  const shortcut = (runRequest: number) => view.rerender(<PlaygroundToolbar {...props} runRequest={runRequest} />);
  return { user: userEvent.setup(), props, shortcut };
}

describe("PlaygroundToolbar (spec §2, §4)", () => {
  it("shows the language in upper case and font sizes 10 to 30 in steps of 2, 18 selected", () => {
    setup();
    expect(screen.getByText("PYTHON")).toBeInTheDocument();
    const select = screen.getByLabelText("Font size") as HTMLSelectElement;
    expect([...select.options].map((o) => Number(o.value))).toEqual([10, 12, 14, 16, 18, 20, 22, 24, 26, 28, 30]);
    expect(select.value).toBe("18");
  });

  it("gives non-owners a disabled Save with the spec's label", () => {
    setup({ isOwner: false, access: "View Only" });
    expect(screen.getByRole("button", { name: playgroundMessages.ownerOnlySave })).toBeDisabled();
    expect(screen.queryByRole("button", { name: "Save Code" })).not.toBeInTheDocument();
    expect(screen.getByTestId("access-badge")).toHaveTextContent("View Only");
  });

  it("with User Input on, Run opens the input dialog, runs with its text and clears it", async () => {
    const { user, props } = setup();
    await user.click(screen.getByRole("switch", { name: "User Input" }));
    await user.click(screen.getByRole("button", { name: "Run Code" }));
    const dialog = await screen.findByRole("dialog", { name: "User Input" });
    const box = screen.getByPlaceholderText(playgroundMessages.stdinPlaceholder);
    await user.type(box, "3{Enter}4");
    await user.click(screen.getAllByRole("button", { name: "Run Code" }).at(-1)!);
    expect(props.onRun).toHaveBeenCalledWith("3\n4");
    expect(dialog).not.toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Run Code" }));
    expect(screen.getByPlaceholderText(playgroundMessages.stdinPlaceholder)).toHaveValue("");
  });

  it("Ctrl+Enter (a new runRequest) runs like the Run button, and runs the input dialog's text when it is open", async () => {
    const { user, props, shortcut } = setup({ runRequest: 0 });
    shortcut(1);
    expect(props.onRun).toHaveBeenCalledWith("");
    expect(screen.getByRole("button", { name: "Run Code" })).toHaveAttribute("aria-keyshortcuts", "Control+Enter Meta+Enter");
    await user.click(screen.getByRole("switch", { name: "User Input" }));
    shortcut(2);
    const dialog = await screen.findByRole("dialog", { name: "User Input" });
    expect(props.onRun).toHaveBeenCalledTimes(1);
    await user.type(screen.getByPlaceholderText(playgroundMessages.stdinPlaceholder), "42");
    shortcut(3);
    expect(props.onRun).toHaveBeenLastCalledWith("42");
    expect(dialog).not.toBeInTheDocument();
  });

  it("shows the runs left today beside Run on a limited plan, nothing when unlimited", () => {
    setup({ runsLeft: { left: 3, of: 10 } });
    expect(screen.getByTestId("runs-left")).toHaveTextContent("3 of 10 runs left today");
  });

  it("Close leaves the dialog without running", async () => {
    const { user, props } = setup();
    await user.click(screen.getByRole("switch", { name: "User Input" }));
    await user.click(screen.getByRole("button", { name: "Run Code" }));
    await user.click(screen.getAllByRole("button", { name: "Close" }).at(-1)!);
    expect(props.onRun).not.toHaveBeenCalled();
  });

  it("is disabled with a spinner while running, says Queued while waiting, and offers Stop to whoever may stop", () => {
    const { props } = setup({ runPhase: "queued", queuePosition: 2, canStop: true });
    const run = screen.getByRole("button", { name: "Queued" });
    expect(run).toBeDisabled();
    expect(run).toHaveAttribute("aria-busy", "true");
    expect(run).toHaveTextContent("Queued, 1 ahead");
    screen.getByRole("button", { name: "Stop" }).click();
    expect(props.onStop).toHaveBeenCalled();
  });

  it("hides Stop from people who may not stop the run", () => {
    setup({ runPhase: "running", canStop: false });
    expect(screen.getByRole("button", { name: "Run Code" })).toBeDisabled();
    expect(screen.queryByRole("button", { name: "Stop" })).not.toBeInTheDocument();
  });
});
