import { useCallback, useEffect, useId, useRef, useState, type FormEvent } from "react";
import { BookOpen, FlaskConical, Send, Square, Wand2, Wrench } from "lucide-react";
import { assistantLimits, type TAssistantAction, type TAssistantMessage } from "@coderoom/shared/schemas/assistant";
import { Button } from "../../../components/ui/button.tsx";
import type { TAssistantController } from "../hooks/use-assistant";
import type { TAssistantEditor } from "../types";
import { applyResult, type TCodeBlock } from "../utils/code-blocks";
import { ApplyDiffModal } from "./apply-diff-modal.tsx";
import { AssistantMessage } from "./assistant-message.tsx";
import { QuotaLine } from "./quota-line.tsx";

export interface AssistantPanelProps {
  assistant: TAssistantController;
  /** The live editor (null until it is ready): selection, insert and apply. */
  editor: TAssistantEditor | null;
  /** May this user edit the room's code? View-only users can ask but not apply. */
  canWrite: boolean;
  /** The room's last run failed: "Fix last failed run" is offered. */
  lastRunFailed: boolean;
}

const suggestions: { action: TAssistantAction; label: string; icon: typeof Wrench }[] = [
  { action: "explain", label: "Explain", icon: BookOpen },
  { action: "fix", label: "Fix last failed run", icon: Wrench },
  { action: "tests", label: "Write tests", icon: FlaskConical },
  { action: "improve", label: "Improve", icon: Wand2 },
];

type TPending = { answer: TAssistantMessage; block: TCodeBlock; current: string; next: string; scope: "selection" | "file" };

/** The room's shared AI assistant: conversation, suggested actions, a question box with Stop, quota. */
export function AssistantPanel({ assistant, editor, canWrite, lastRunFailed }: AssistantPanelProps) {
  const { view, myStream, streaming } = assistant;
  const [question, setQuestion] = useState("");
  const [pending, setPending] = useState<TPending | null>(null);
  const inputId = useId();
  const list = useRef<HTMLOListElement>(null);
  const lastLength = view.messages.at(-1)?.content.length ?? 0;

  useEffect(() => {
    list.current?.scrollTo?.({ top: list.current.scrollHeight });
  }, [view.messages.length, lastLength]);

  const questionFor = useCallback((answer: TAssistantMessage) => view.messages.find((m) => m.id === answer.replyTo), [view.messages]);

  const onApply = useCallback(
    (answer: TAssistantMessage, block: TCodeBlock) => {
      if (!editor) return;
      const current = editor.getText();
      const { next, scope } = applyResult(current, block.code, questionFor(answer)?.selectedText ?? null);
      setPending({ answer, block, current, next, scope });
    },
    [editor, questionFor],
  );
  const onInsert = useCallback(
    async (answer: TAssistantMessage, block: TCodeBlock) => {
      if (editor && (await assistant.recordApply(answer.id, block.index, "insert"))) editor.insertAtCursor(block.code);
    },
    [assistant, editor],
  );
  const confirmApply = async () => {
    const p = pending;
    setPending(null);
    if (p && editor && (await assistant.recordApply(p.answer.id, p.block.index, "apply"))) editor.applyText(p.next);
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!question.trim()) return;
    if (await assistant.ask("chat", question)) setQuestion("");
  };

  if (view.loaded && !view.configured) {
    return (
      <section aria-label="AI assistant" className="h-full overflow-auto p-4 text-sm text-slate-300">
        <h2 className="mb-2 font-semibold text-white">The AI assistant is not configured</h2>
        <p>
          This server has no AI provider. An operator turns the assistant on by setting <code>AI_BASE_URL</code>, <code>AI_API_KEY</code> and{" "}
          <code>AI_MODEL</code> (any OpenAI-compatible API: OpenAI, Ollama, vLLM, llama.cpp, LM Studio, OpenRouter) and restarting the server.
          Everything else in the room works as usual.
        </p>
      </section>
    );
  }

  const busy = myStream !== null;
  return (
    <section aria-label="AI assistant" className="flex h-full min-h-0 flex-col text-slate-200">
      <header className="flex items-center gap-2 border-b border-slate-800 px-3 py-1.5">
        <h2 className="text-sm font-semibold">AI assistant</h2>
        {view.model && <span className="text-xs text-slate-400">{view.model}</span>}
        <span className="ml-auto">
          <QuotaLine quota={view.quota} />
        </span>
      </header>
      <ol ref={list} className="min-h-0 flex-1 space-y-3 overflow-y-auto p-3" aria-live="polite">
        {view.messages.length === 0 && (
          <li className="text-sm text-slate-400">Ask about the room's code. Everyone in the room sees the questions and the answers.</li>
        )}
        {view.messages.map((m) => (
          <AssistantMessage key={m.id} message={m} canWrite={canWrite} onInsert={onInsert} onApply={onApply} />
        ))}
      </ol>
      {streaming.length > 0 && !busy && (
        <p className="px-3 text-xs text-slate-400" role="status">
          The assistant is answering {streaming[0]!.author.name}…
        </p>
      )}
      <div className="flex flex-wrap gap-1 border-t border-slate-800 px-3 pt-2" role="group" aria-label="Suggested actions">
        {suggestions.map(({ action, label, icon: Icon }) => (
          <Button
            key={action}
            size="sm"
            variant="ghost"
            disabled={busy || (action === "fix" && !lastRunFailed)}
            title={action === "fix" && !lastRunFailed ? "Available after a failed run" : undefined}
            onClick={() => void assistant.ask(action)}
          >
            <Icon className="size-3.5" aria-hidden />
            {label}
          </Button>
        ))}
      </div>
      <form onSubmit={(e) => void submit(e)} className="flex items-end gap-2 p-3">
        <label className="sr-only" htmlFor={inputId}>
          Ask the assistant
        </label>
        <textarea
          id={inputId}
          rows={2}
          value={question}
          maxLength={assistantLimits.questionMaxChars}
          onChange={(e) => setQuestion(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === "Enter" && !e.shiftKey) void submit(e);
          }}
          placeholder="Ask about the code… (Enter to send, Shift+Enter for a new line)"
          className="min-h-10 flex-1 resize-none rounded-md border border-slate-700 bg-slate-900 px-2 py-1.5 text-sm text-slate-100 placeholder:text-slate-400"
        />
        {busy ? (
          <Button variant="danger" size="md" onClick={() => void assistant.stop()}>
            <Square className="size-4" aria-hidden />
            Stop
          </Button>
        ) : (
          <Button type="submit" size="md" disabled={!question.trim()}>
            <Send className="size-4" aria-hidden />
            Send
          </Button>
        )}
      </form>
      <ApplyDiffModal
        open={pending !== null}
        current={pending?.current ?? ""}
        next={pending?.next ?? ""}
        scope={pending?.scope ?? "file"}
        onCancel={() => setPending(null)}
        onConfirm={() => void confirmApply()}
      />
    </section>
  );
}
