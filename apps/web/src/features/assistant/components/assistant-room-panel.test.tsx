import { useEffect, useState, type ComponentProps } from "react";
import { describe, expect, it } from "vitest";
import { screen, waitFor } from "@testing-library/react";
import { renderPage } from "../../../test/render.tsx";
import { AssistantRoomPanel } from "./assistant-room-panel.tsx";
import { fakeChannel, fakeEditor } from "./assistant-test-kit.tsx";

describe("AssistantRoomPanel", () => {
  it("asks to fix the last failed run once per press of the terminal's Fix button", async () => {
    const fake = fakeChannel();
    const editor = fakeEditor();
    const props = { channel: fake.channel, joined: true, meId: "me", editor, canWrite: true, lastRunFailed: true };
    const view = renderPage(<AssistantRoomPanel {...props} fixRequest={0} />);
    await screen.findAllByText("3 of 5 left today");
    expect(fake.requests.filter((r) => r.event === "assistant:ask")).toHaveLength(0);
    view.unmount();
    // A fresh mount with a pending request does not replay it; a new value asks once.
    const again = renderPage(<AssistantRoomPanel {...props} fixRequest={3} />);
    await screen.findAllByText("3 of 5 left today");
    expect(fake.requests.filter((r) => r.event === "assistant:ask")).toHaveLength(0);
    again.unmount();
    renderPage(<Rerender {...props} />);
    await waitFor(() => expect(fake.requests.filter((r) => r.event === "assistant:ask")).toEqual([{ event: "assistant:ask", payload: expect.objectContaining({ action: "fix" }) }]));
  });
});

/** Bumps fixRequest once after mounting, as the terminal's Fix button would. */
function Rerender(props: Omit<ComponentProps<typeof AssistantRoomPanel>, "fixRequest">) {
  const [n, setN] = useState(0);
  useEffect(() => setN(1), []);
  return <AssistantRoomPanel {...props} fixRequest={n} />;
}
