import { useCallback, useEffect, useMemo, useReducer, useRef } from "react";
import toast from "react-hot-toast";
import { assistantEvents as ev, type TAssistantAction, type TAssistantFailed } from "@coderoom/shared/schemas/assistant";
import type { ServerToClientEvents, TServerEvent } from "@coderoom/shared/schemas/editor-events";
import type { TAssistantChannel, TAssistantEditor } from "../types";
import { assistantReducer, initialAssistantView } from "./assistant-reducer";

export interface UseAssistantOptions {
  channel: TAssistantChannel | null;
  /** True once the room is joined (again after each reconnect): the conversation is (re)loaded then. */
  joined: boolean;
  /** The signed-in user's id: their own failures are toasted. */
  meId: string;
  editor: TAssistantEditor | null;
}

/**
 * The room's shared assistant: loads the conversation, follows questions and streamed
 * answers of everyone in the room, and asks, stops and records applies.
 */
export function useAssistant({ channel, joined, meId, editor }: UseAssistantOptions) {
  const [view, dispatch] = useReducer(assistantReducer, initialAssistantView);
  const editorRef = useRef(editor);
  useEffect(() => {
    editorRef.current = editor;
  }, [editor]);

  useEffect(() => {
    if (!channel || !joined) return;
    let live = true;
    void channel.request(ev.state).then((ack) => {
      if (live && ack.ok && ack.data) dispatch({ type: "state", state: ack.data });
    });
    const offs: (() => void)[] = [];
    const follow = <E extends TServerEvent>(event: E, handler: ServerToClientEvents[E]) => {
      channel.on(event, handler);
      offs.push(() => channel.off(event, handler));
    };
    follow(ev.question, (payload) => dispatch({ type: "question", payload }));
    follow(ev.started, (payload) => dispatch({ type: "started", payload }));
    follow(ev.delta, (payload) => dispatch({ type: "delta", payload }));
    follow(ev.done, (payload) => dispatch({ type: "done", payload }));
    follow(ev.failed, (payload) => dispatch({ type: "failed", payload }));
    follow(ev.applied, (payload) => dispatch({ type: "applied", payload }));
    follow(ev.quota, (quota) => dispatch({ type: "quota", quota }));
    return () => {
      live = false;
      offs.forEach((off) => off());
    };
  }, [channel, joined]);

  // The asker hears why their question failed (in the spec's red toast); the others just see it vanish.
  const mine = useRef(new Set<string>());
  useEffect(() => {
    if (!channel) return;
    const onFailed = (f: TAssistantFailed) => {
      if (mine.current.delete(f.questionId) && f.code !== "ai_stopped") toast.error(f.message);
    };
    channel.on(ev.failed, onFailed);
    return () => channel.off(ev.failed, onFailed);
  }, [channel]);

  const ask = useCallback(
    async (action: TAssistantAction, question = "") => {
      if (!channel) return false;
      const selection = editorRef.current?.getSelection() ?? null;
      const ack = await channel.request(ev.ask, { action, question, selection });
      if (!ack.ok) {
        toast.error(ack.message);
        return false;
      }
      if (ack.data) mine.current.add(ack.data.questionId);
      return true;
    },
    [channel],
  );

  const stop = useCallback(async () => {
    if (channel) await channel.request(ev.stop);
  }, [channel]);

  /** Asks the server to record the apply (it refuses view-only users); true when allowed. */
  const recordApply = useCallback(
    async (answerId: string, blockIndex: number, mode: "apply" | "insert") => {
      if (!channel) return false;
      const ack = await channel.request(ev.apply, { answerId, blockIndex, mode });
      if (!ack.ok) toast.error(ack.message);
      return ack.ok;
    },
    [channel],
  );

  const streaming = useMemo(() => view.messages.filter((m) => m.role === "assistant" && m.status === "streaming"), [view.messages]);
  const myStream = streaming.find((m) => m.author.id === meId) ?? null;
  return { view, streaming, myStream, ask, stop, recordApply };
}

export type TAssistantController = ReturnType<typeof useAssistant>;
