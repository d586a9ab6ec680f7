import { describe, expect, it } from "vitest";
import { screen, waitFor, within } from "@testing-library/react";
import { renderPage } from "../../../test/render.tsx";
import { Harness, author, fakeChannel, fakeEditor, message } from "./assistant-test-kit.tsx";

const answerWithCode = "The bug: `x` is text.\n\n```python\nprint(int(x) + 1)\n```";

describe("AssistantPanel", () => {
  it("explains that the assistant is not configured and how an operator turns it on", async () => {
    const { channel } = fakeChannel({ configured: false, model: null });
    renderPage(<Harness channel={channel} editor={fakeEditor()} />);
    expect(await screen.findByText("The AI assistant is not configured")).toBeInTheDocument();
    expect(screen.getByText("AI_BASE_URL")).toBeInTheDocument();
  });

  it("shows the shared history with who asked, and the quota line", async () => {
    const { channel } = fakeChannel({
      messages: [message({ id: "q1", role: "user", content: "why?", author: author("b", "Ben") }), message({ id: "a1", role: "assistant", replyTo: "q1", content: "Because.", author: author("b", "Ben") })],
    });
    renderPage(<Harness channel={channel} editor={fakeEditor()} />);
    expect(await screen.findByText("3 of 5 left today")).toBeInTheDocument();
    expect(screen.getByTestId("assistant-question")).toHaveTextContent("Ben asked");
    expect(screen.getByText("Because.")).toBeInTheDocument();
  });

  it("asks with the editor's selection, shows the typing state, streams the text and offers Stop to the asker", async () => {
    const fake = fakeChannel();
    const { user } = renderPage(<Harness channel={fake.channel} editor={fakeEditor()} />);
    await screen.findByText("3 of 5 left today");
    await user.type(screen.getByLabelText("Ask the assistant"), "what is wrong?{Enter}");
    expect(fake.requests.at(-1)).toEqual({
      event: "assistant:ask",
      payload: { action: "chat", question: "what is wrong?", selection: { startLine: 2, startColumn: 1, endLine: 2, endColumn: 13 } },
    });
    fake.push("assistant:question", { question: message({ id: "q-new", role: "user", content: "what is wrong?", status: "streaming" }), answerId: "a-new" });
    fake.push("assistant:started", { answer: message({ id: "a-new", role: "assistant", replyTo: "q-new", status: "streaming" }) });
    expect(screen.getByText("Assistant is typing…")).toBeInTheDocument();
    fake.push("assistant:delta", { answerId: "a-new", text: "It adds " });
    fake.push("assistant:delta", { answerId: "a-new", text: "text to a number." });
    expect(screen.getByText("It adds text to a number.")).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Stop" }));
    expect(fake.requests.at(-1)?.event).toBe("assistant:stop");
    fake.push("assistant:done", { answer: message({ id: "a-new", role: "assistant", replyTo: "q-new", content: "It adds text to a number.", status: "stopped" }) });
    expect(screen.queryByRole("button", { name: "Stop" })).not.toBeInTheDocument();
    expect(screen.getByText("Stopped")).toBeInTheDocument();
  });

  it("shows everyone else that the assistant is answering, without a Stop button", async () => {
    const fake = fakeChannel();
    renderPage(<Harness channel={fake.channel} editor={fakeEditor()} />);
    await screen.findByText("3 of 5 left today");
    fake.push("assistant:started", { answer: message({ id: "a9", role: "assistant", status: "streaming", author: author("b", "Ben") }) });
    expect(screen.getByText("The assistant is answering Ben…")).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Stop" })).not.toBeInTheDocument();
  });

  it("toasts a refusal in the error style (quota exhausted)", async () => {
    const fake = fakeChannel();
    fake.replyWith((event) =>
      event === "assistant:state"
        ? { ok: true, data: { configured: true, model: "m", messages: [], quota: { used: 5, limit: 5, resetAt: "2026-12-01T18:30:00.000Z" }, streaming: [] } }
        : { ok: false, code: "ai_quota_exceeded", message: "You have used all 5 AI interactions of the Free plan today." },
    );
    const { user } = renderPage(<Harness channel={fake.channel} editor={fakeEditor()} />);
    expect(await screen.findByText("0 of 5 left today")).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Explain" }));
    expect(await screen.findByText("You have used all 5 AI interactions of the Free plan today.")).toBeInTheDocument();
  });

  it("offers Fix only after a failed run, and sends the fix action", async () => {
    const fake = fakeChannel();
    const view = renderPage(<Harness channel={fake.channel} editor={fakeEditor()} />);
    expect(await screen.findByRole("button", { name: "Fix last failed run" })).toBeDisabled();
    view.unmount();
    const { user } = renderPage(<Harness channel={fake.channel} editor={fakeEditor()} lastRunFailed />);
    await user.click(await screen.findByRole("button", { name: "Fix last failed run" }));
    expect(fake.requests.at(-1)).toMatchObject({ event: "assistant:ask", payload: { action: "fix" } });
  });

  it("Apply previews the diff, asks the server, then edits through the editor", async () => {
    const fake = fakeChannel({
      messages: [
        message({ id: "q1", role: "user", action: "fix", selectedText: "print(x + 1)" }),
        message({ id: "a1", role: "assistant", replyTo: "q1", content: answerWithCode }),
      ],
    });
    const editor = fakeEditor();
    const { user } = renderPage(<Harness channel={fake.channel} editor={editor} />);
    await user.click(await screen.findByRole("button", { name: "Apply" }));
    const diff = await screen.findByTestId("apply-diff");
    expect(diff).toHaveTextContent("- print(x + 1)");
    expect(diff).toHaveTextContent("+ print(int(x) + 1)");
    await user.click(screen.getByRole("button", { name: "Apply edit" }));
    await waitFor(() => expect(editor.applyText).toHaveBeenCalledWith("x = input()\nprint(int(x) + 1)\n"));
    expect(fake.requests.at(-1)).toEqual({ event: "assistant:apply", payload: { answerId: "a1", blockIndex: 0, mode: "apply" } });
    fake.push("assistant:applied", { answerId: "a1", record: { blockIndex: 0, mode: "apply", by: author("me", "Asha"), at: "2026-12-01T10:00:00.000Z" } });
    expect(screen.getByText("Asha applied block 1")).toBeInTheDocument();
  });

  it("does not edit when the server refuses the apply", async () => {
    const fake = fakeChannel({ messages: [message({ id: "q1", role: "user" }), message({ id: "a1", role: "assistant", replyTo: "q1", content: answerWithCode })] });
    const editor = fakeEditor();
    const { user } = renderPage(<Harness channel={fake.channel} editor={editor} />);
    await screen.findByRole("button", { name: "Apply" });
    fake.replyWith(() => ({ ok: false, code: "ai_apply_forbidden", message: "You have view-only access in this room" }));
    await user.click(screen.getByRole("button", { name: "Insert at cursor" }));
    expect(await screen.findByText("You have view-only access in this room")).toBeInTheDocument();
    expect(editor.insertAtCursor).not.toHaveBeenCalled();
  });

  it("disables Insert and Apply for view-only users, but keeps Copy", async () => {
    const fake = fakeChannel({ messages: [message({ id: "q1", role: "user" }), message({ id: "a1", role: "assistant", replyTo: "q1", content: answerWithCode })] });
    renderPage(<Harness channel={fake.channel} editor={fakeEditor()} canWrite={false} />);
    const block = await screen.findByTestId("assistant-code-block");
    expect(within(block).getByRole("button", { name: "Apply" })).toBeDisabled();
    expect(within(block).getByRole("button", { name: "Insert at cursor" })).toBeDisabled();
    expect(within(block).getByRole("button", { name: "Copy" })).toBeEnabled();
  });

  it("drops a failed question and tells only the asker why", async () => {
    const fake = fakeChannel();
    const { user } = renderPage(<Harness channel={fake.channel} editor={fakeEditor()} />);
    await screen.findByText("3 of 5 left today");
    await user.click(screen.getByRole("button", { name: "Explain" }));
    fake.push("assistant:question", { question: message({ id: "q-new", role: "user", action: "explain" }), answerId: "a-new" });
    fake.push("assistant:failed", { questionId: "q-new", answerId: "a-new", code: "ai_provider_failed", message: "The AI provider could not answer." });
    expect(await screen.findByText("The AI provider could not answer.")).toBeInTheDocument();
    expect(screen.queryByTestId("assistant-question")).not.toBeInTheDocument();
  });
});
