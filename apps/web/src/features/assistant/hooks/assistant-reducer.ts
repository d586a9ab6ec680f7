import type {
  TAssistantApplied,
  TAssistantDelta,
  TAssistantDone,
  TAssistantFailed,
  TAssistantMessage,
  TAssistantQuestionEvent,
  TAssistantQuota,
  TAssistantStarted,
  TAssistantState,
} from "@coderoom/shared/schemas/assistant";

export interface TAssistantView {
  loaded: boolean;
  configured: boolean;
  model: string | null;
  messages: TAssistantMessage[];
  quota: TAssistantQuota | null;
}

export const initialAssistantView: TAssistantView = { loaded: false, configured: false, model: null, messages: [], quota: null };

export type TAssistantEvent =
  | { type: "state"; state: TAssistantState }
  | { type: "question"; payload: TAssistantQuestionEvent }
  | { type: "started"; payload: TAssistantStarted }
  | { type: "delta"; payload: TAssistantDelta }
  | { type: "done"; payload: TAssistantDone }
  | { type: "failed"; payload: TAssistantFailed }
  | { type: "applied"; payload: TAssistantApplied }
  | { type: "quota"; quota: TAssistantQuota };

const upsert = (messages: TAssistantMessage[], m: TAssistantMessage) =>
  messages.some((x) => x.id === m.id) ? messages.map((x) => (x.id === m.id ? m : x)) : [...messages, m];

/** The shared conversation as the room channel reports it. */
export function assistantReducer(view: TAssistantView, e: TAssistantEvent): TAssistantView {
  switch (e.type) {
    case "state":
      return { loaded: true, configured: e.state.configured, model: e.state.model, messages: e.state.messages, quota: e.state.quota };
    case "question":
      return { ...view, messages: upsert(view.messages, e.payload.question) };
    case "started":
      return { ...view, messages: upsert(view.messages, e.payload.answer) };
    case "delta":
      return {
        ...view,
        messages: view.messages.map((m) => (m.id === e.payload.answerId ? { ...m, content: m.content + e.payload.text } : m)),
      };
    case "done": {
      const answer = e.payload.answer;
      return {
        ...view,
        messages: upsert(view.messages, answer).map((m) => (m.id === answer.replyTo ? { ...m, status: "complete" } : m)),
      };
    }
    case "failed":
      // Nothing of a failed question is kept, on the server or here.
      return { ...view, messages: view.messages.filter((m) => m.id !== e.payload.questionId && m.id !== e.payload.answerId) };
    case "applied":
      return {
        ...view,
        messages: view.messages.map((m) => (m.id === e.payload.answerId ? { ...m, applies: [...m.applies, e.payload.record] } : m)),
      };
    case "quota":
      return { ...view, quota: e.quota };
  }
}
