import { useEffect, useRef, useState } from "react";
import { Sparkles } from "lucide-react";
import { Button } from "../../../components/ui/button.tsx";
import { useAssistant } from "../hooks/use-assistant";
import type { TAssistantChannel, TAssistantEditor } from "../types";
import { AssistantPanel } from "./assistant-panel.tsx";
import { AssistantSheet } from "./assistant-sheet.tsx";

export interface AssistantRoomPanelProps {
  /** The room channel (the playground session's `channel`). */
  channel: TAssistantChannel;
  /** This tab is in the room right now (the conversation reloads on each (re)join). */
  joined: boolean;
  meId: string;
  /** The live editor (the playground's editor handle), null until ready. */
  editor: TAssistantEditor | null;
  canWrite: boolean;
  lastRunFailed: boolean;
  /**
   * Increase it when someone presses "Fix" beside a failed result in the terminal:
   * each new value asks the assistant to fix the last failed run once.
   */
  fixRequest?: number;
}

/**
 * The assistant as the playground composes it: the panel in its tab beside the terminal
 * on large screens, a button opening it as a sheet on small ones; one shared state.
 */
export function AssistantRoomPanel({ channel, joined, meId, editor, canWrite, lastRunFailed, fixRequest = 0 }: AssistantRoomPanelProps) {
  const assistant = useAssistant({ channel, joined, meId, editor });
  const [sheetOpen, setSheetOpen] = useState(false);
  const lastFix = useRef(fixRequest);
  const { ask } = assistant;
  useEffect(() => {
    if (fixRequest === lastFix.current) return;
    lastFix.current = fixRequest;
    setSheetOpen(window.matchMedia("(max-width: 1023px)").matches);
    void ask("fix");
  }, [fixRequest, ask]);

  const panel = { assistant, editor, canWrite, lastRunFailed };
  const answering = assistant.streaming.length > 0;
  return (
    <>
      <div className="hidden h-full lg:block">
        <AssistantPanel {...panel} />
      </div>
      <div className="flex h-full items-center justify-center p-4 lg:hidden">
        <Button onClick={() => setSheetOpen(true)}>
          <Sparkles className={answering ? "size-4 animate-pulse" : "size-4"} aria-hidden />
          {answering ? "The assistant is answering…" : "Open the AI assistant"}
        </Button>
      </div>
      <AssistantSheet open={sheetOpen} onClose={() => setSheetOpen(false)} {...panel} />
    </>
  );
}
