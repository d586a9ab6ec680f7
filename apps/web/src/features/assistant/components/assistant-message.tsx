import { memo, useCallback } from "react";
import { Bot } from "lucide-react";
import type { TAssistantMessage } from "@coderoom/shared/schemas/assistant";
import { UserAvatar } from "../../../components/ui/user-avatar.tsx";
import type { TCodeBlock } from "../utils/code-blocks";
import { AssistantMarkdown } from "./assistant-markdown.tsx";
import { CodeBlock } from "./code-block.tsx";

const actionLabels: Record<TAssistantMessage["action"], string> = {
  chat: "",
  explain: "Explain",
  fix: "Fix last failed run",
  tests: "Write tests",
  improve: "Improve",
};

interface AssistantMessageProps {
  message: TAssistantMessage;
  canWrite: boolean;
  onInsert: (answer: TAssistantMessage, block: TCodeBlock) => void;
  onApply: (answer: TAssistantMessage, block: TCodeBlock) => void;
}

/** One message of the shared conversation: a question with who asked, or an answer (streaming or done). */
export const AssistantMessage = memo(function AssistantMessage({ message, canWrite, onInsert, onApply }: AssistantMessageProps) {
  const complete = message.status !== "streaming";
  const renderBlock = useCallback(
    (block: TCodeBlock) => (
      <CodeBlock block={block} canWrite={canWrite} complete={complete} onInsert={(b) => onInsert(message, b)} onApply={(b) => onApply(message, b)} />
    ),
    [canWrite, complete, message, onInsert, onApply],
  );

  if (message.role === "user") {
    return (
      <li className="flex gap-2" data-testid="assistant-question">
        <UserAvatar src={message.author.avatar} name={message.author.name} className="size-6 shrink-0" />
        <div className="min-w-0">
          <p className="text-xs text-slate-400">
            <span className="font-semibold text-slate-200">{message.author.name}</span> asked
            {actionLabels[message.action] && <span className="ml-1 rounded bg-slate-800 px-1.5 py-0.5 text-[11px]">{actionLabels[message.action]}</span>}
          </p>
          {message.content && <p className="text-sm whitespace-pre-wrap text-slate-100">{message.content}</p>}
        </div>
      </li>
    );
  }
  const typing = message.status === "streaming" && !message.content;
  return (
    <li className="flex gap-2" data-testid="assistant-answer" aria-busy={message.status === "streaming"}>
      <Bot className="mt-0.5 size-6 shrink-0 text-indigo-300" aria-hidden />
      <div className="min-w-0 flex-1 space-y-1">
        <p className="text-xs text-slate-400">
          Assistant <span className="text-slate-400">· for {message.author.name}</span>
        </p>
        {typing ? (
          <p className="text-sm text-slate-400" role="status">
            Assistant is typing…
          </p>
        ) : (
          <AssistantMarkdown content={message.content} renderBlock={renderBlock} />
        )}
        {message.status === "stopped" && <p className="text-xs text-amber-300">Stopped</p>}
        {message.applies.map((a, i) => (
          <p key={i} className="text-xs text-emerald-300">
            {`${a.by.name} ${a.mode === "apply" ? "applied" : "inserted"} block ${a.blockIndex + 1}`}
          </p>
        ))}
      </div>
    </li>
  );
});
