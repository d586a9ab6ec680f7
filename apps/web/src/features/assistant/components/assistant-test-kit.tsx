import { act } from "@testing-library/react";
import { vi } from "vitest";
import type { TAssistantMessage, TAssistantState } from "@coderoom/shared/schemas/assistant";
import type { TAck } from "@coderoom/shared/schemas/realtime";
import { useAssistant } from "../hooks/use-assistant";
import type { TAssistantChannel, TAssistantEditor } from "../types";
import { AssistantPanel } from "./assistant-panel.tsx";

/** A room channel in memory: records requests, answers them with `reply`, and lets tests push server events. */
export function fakeChannel(state: Partial<TAssistantState> = {}) {
  const handlers = new Map<string, Set<(p: any) => void>>();
  const requests: { event: string; payload: unknown }[] = [];
  const full: TAssistantState = { configured: true, model: "fake-model", messages: [], quota: { used: 2, limit: 5, resetAt: "2026-12-01T18:30:00.000Z" }, streaming: [], ...state };
  let reply = (event: string, _payload: unknown): TAck<unknown> => (event === "assistant:state" ? { ok: true, data: full } : { ok: true, data: { questionId: "q-new", answerId: "a-new" } });
  const channel: TAssistantChannel = {
    request: async <T,>(event: string, payload?: unknown) => {
      requests.push({ event, payload });
      return reply(event, payload) as TAck<T>;
    },
    on: (event, h) => void (handlers.get(event) ?? handlers.set(event, new Set()).get(event)!).add(h),
    off: (event, h) => void handlers.get(event)?.delete(h),
  };
  return {
    channel,
    requests,
    replyWith(fn: typeof reply) {
      reply = fn;
    },
    push(event: string, payload: unknown) {
      act(() => handlers.get(event)?.forEach((h) => h(payload)));
    },
  };
}

export function fakeEditor(text = "x = input()\nprint(x + 1)\n"): TAssistantEditor & { text: string } {
  const editor = {
    text,
    getText: () => editor.text,
    getSelection: vi.fn(() => ({ startLine: 2, startColumn: 1, endLine: 2, endColumn: 13 })),
    applyText: vi.fn((next: string) => void (editor.text = next)),
    insertAtCursor: vi.fn(),
  };
  return editor;
}

export const author = (id = "me", name = "Asha") => ({ id, name });

export function message(over: Partial<TAssistantMessage> & Pick<TAssistantMessage, "id" | "role">): TAssistantMessage {
  return { action: "chat", content: "", author: author(), replyTo: null, selectedText: null, status: "complete", createdAt: "2026-12-01T10:00:00.000Z", applies: [], ...over };
}

/** The panel wired to the hook, as the playground page composes them. */
export function Harness(props: { channel: TAssistantChannel; editor: TAssistantEditor | null; canWrite?: boolean; lastRunFailed?: boolean }) {
  const assistant = useAssistant({ channel: props.channel, joined: true, meId: "me", editor: props.editor });
  return <AssistantPanel assistant={assistant} editor={props.editor} canWrite={props.canWrite ?? true} lastRunFailed={props.lastRunFailed ?? false} />;
}
