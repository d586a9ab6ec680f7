import { useState } from "react";
import { describe, expect, it } from "vitest";
import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { Modal } from "./modal.tsx";

function Harness({ withField = true }: { withField?: boolean }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Open settings
      </button>
      <button type="button">Behind the dialog</button>
      <Modal open={open} title="Settings" onClose={() => setOpen(false)}>
        {withField && <input aria-label="Room Name" />}
        <button type="button" onClick={() => setOpen(false)}>
          Cancel
        </button>
        <button type="button">Save</button>
      </Modal>
    </>
  );
}

async function openDialog(withField = true) {
  const user = userEvent.setup();
  render(<Harness withField={withField} />);
  await user.click(screen.getByRole("button", { name: "Open settings" }));
  return user;
}

describe("Modal focus", () => {
  it("puts focus on the first field, not on the close button", async () => {
    await openDialog();
    expect(screen.getByRole("textbox", { name: "Room Name" })).toHaveFocus();
  });

  it("starts on the first action of the body when there is no field", async () => {
    await openDialog(false);
    expect(screen.getByRole("button", { name: "Cancel" })).toHaveFocus();
  });

  it("keeps Tab and Shift+Tab inside the dialog", async () => {
    const user = await openDialog();
    const dialog = screen.getByRole("dialog", { name: "Settings" });
    await user.tab(); // Cancel
    await user.tab(); // Save
    expect(screen.getByRole("button", { name: "Save" })).toHaveFocus();
    await user.tab(); // wraps to the close button, the first control
    expect(screen.getByRole("button", { name: "Close" })).toHaveFocus();
    await user.tab({ shift: true }); // and back to the last one
    expect(screen.getByRole("button", { name: "Save" })).toHaveFocus();
    for (let i = 0; i < 7; i++) {
      await user.tab();
      expect(dialog).toContainElement(document.activeElement as HTMLElement);
    }
  });

  it("pulls focus back when it lands behind the dialog", async () => {
    await openDialog();
    screen.getByRole("button", { name: "Behind the dialog", hidden: true }).focus();
    expect(screen.getByRole("dialog")).toContainElement(document.activeElement as HTMLElement);
  });

  it("returns focus to the opener when closed by a button or Escape", async () => {
    const user = await openDialog();
    await user.click(screen.getByRole("button", { name: "Cancel" }));
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Open settings" })).toHaveFocus();

    await user.click(screen.getByRole("button", { name: "Open settings" }));
    await user.keyboard("{Escape}");
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Open settings" })).toHaveFocus();
  });
});
