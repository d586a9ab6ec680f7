import { describe, expect, it } from "vitest";
import { act, render, screen, waitFor } from "@testing-library/react";
import toast from "react-hot-toast";
import { AppToaster, MAX_VISIBLE_TOASTS } from "./toaster.tsx";

describe("toaster", () => {
  it("keeps at most 20 toasts on screen, dropping the oldest", async () => {
    render(<AppToaster />);
    act(() => {
      for (let i = 1; i <= 25; i++) toast(`note ${i}`);
    });
    await waitFor(() => expect(screen.getAllByText(/^note \d+$/)).toHaveLength(MAX_VISIBLE_TOASTS));
    expect(screen.getByText("note 25")).toBeInTheDocument();
    expect(screen.queryByText("note 1")).not.toBeInTheDocument();
  });

  it("styles success green and error red", async () => {
    render(<AppToaster />);
    act(() => {
      toast.success("saved");
      toast.error("failed");
    });
    const successBar = (await screen.findByText("saved")).parentElement!;
    const errorBar = (await screen.findByText("failed")).parentElement!;
    expect(successBar).toHaveStyle({ background: "#15803d" });
    expect(errorBar).toHaveStyle({ background: "#dc2626" });
  });
});
