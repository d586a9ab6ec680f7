import { z } from "zod";

/**
 * The room's AI assistant, over the room channel (Socket.IO `/editor`).
 *
 * One conversation per room, shared by everyone inside: questions and streamed answers
 * are broadcast to the room. The provider key never leaves the server. Every client →
 * server event takes an acknowledgement callback (`TAck` of ./realtime).
 */
export const assistantEvents = {
  /** client → server (ack `{ questionId, answerId }`): ask; the answer streams to the room. */
  ask: "assistant:ask",
  /** client → server (ack): stop the caller's own answer in progress. */
  stop: "assistant:stop",
  /** client → server (ack `TAssistantState`): conversation, quota and whether it is configured. */
  state: "assistant:state",
  /** client → server (ack): record that the caller applied/inserted a code block (refused for view-only users). */
  apply: "assistant:apply",
  /** server → room: a question was asked (the answer follows). */
  question: "assistant:question",
  /** server → room: the assistant is answering `answerId` ("typing" for everyone). */
  started: "assistant:started",
  /** server → room: more text of an answer. */
  delta: "assistant:delta",
  /** server → room: an answer finished (or was stopped after its first words) and is saved. */
  done: "assistant:done",
  /** server → room: the question failed; neither it nor a partial answer was saved. */
  failed: "assistant:failed",
  /** server → room: someone applied a code block of an answer. */
  applied: "assistant:applied",
  /** server → one socket: the caller's AI allowance changed. */
  quota: "assistant:quota",
} as const;

export const assistantLimits = {
  /** Longest question, in characters. */
  questionMaxChars: 4000,
  /** Messages of history sent to a joining client. */
  historyMessages: 60,
} as const;

export const assistantActions = ["chat", "explain", "fix", "tests", "improve"] as const;
export const zAssistantAction = z.enum(assistantActions);
export type TAssistantAction = z.infer<typeof zAssistantAction>;

/** 1-based Monaco-style positions; a cursor is an empty range. */
export const zAssistantSelection = z.object({
  startLine: z.number().int().min(1).max(10_000_000),
  startColumn: z.number().int().min(1).max(10_000_000),
  endLine: z.number().int().min(1).max(10_000_000),
  endColumn: z.number().int().min(1).max(10_000_000),
});
export type TAssistantSelection = z.infer<typeof zAssistantSelection>;

export const zAssistantAsk = z
  .object({
    action: zAssistantAction.default("chat"),
    question: z.string().trim().max(assistantLimits.questionMaxChars, "question_too_long").default(""),
    selection: zAssistantSelection.nullable().optional(),
  })
  // Actions carry their own instruction; free chat needs words.
  .refine((v) => v.action !== "chat" || v.question.length > 0, { message: "question_empty", path: ["question"] });
export type TAssistantAsk = z.infer<typeof zAssistantAsk>;

export const zAssistantApply = z.object({
  answerId: z.string().uuid(),
  blockIndex: z.number().int().min(0).max(1000),
  mode: z.enum(["apply", "insert"]),
});
export type TAssistantApply = z.infer<typeof zAssistantApply>;

export const zAssistantAuthor = z.object({ id: z.string(), name: z.string(), avatar: z.string().optional() });
export type TAssistantAuthor = z.infer<typeof zAssistantAuthor>;

export const zAssistantApplyRecord = z.object({
  blockIndex: z.number().int(),
  mode: z.enum(["apply", "insert"]),
  by: zAssistantAuthor,
  at: z.string(),
});
export type TAssistantApplyRecord = z.infer<typeof zAssistantApplyRecord>;

export const zAssistantMessage = z.object({
  id: z.string(),
  role: z.enum(["user", "assistant"]),
  action: zAssistantAction,
  content: z.string(),
  /** The asker (on both the question and its answer). */
  author: zAssistantAuthor,
  /** On an answer: the question it answers. */
  replyTo: z.string().nullable(),
  /** On a question: the text that was selected when it was asked (Apply replaces it when still present). */
  selectedText: z.string().nullable(),
  /** "stopped": the asker stopped it part-way. */
  status: z.enum(["streaming", "complete", "stopped"]),
  createdAt: z.string(),
  applies: z.array(zAssistantApplyRecord),
});
export type TAssistantMessage = z.infer<typeof zAssistantMessage>;

/** The caller's AI allowance today; `limit` null = unlimited. `resetAt` is the next midnight in India. */
export const zAssistantQuota = z.object({ used: z.number().int(), limit: z.number().int().nullable(), resetAt: z.string() });
export type TAssistantQuota = z.infer<typeof zAssistantQuota>;

export const zAssistantState = z.object({
  /** false: no provider configured; the panel explains how an operator turns it on. */
  configured: z.boolean(),
  model: z.string().nullable(),
  messages: z.array(zAssistantMessage),
  quota: zAssistantQuota,
  /** Answers streaming right now (their text so far is in `messages`). */
  streaming: z.array(z.string()),
});
export type TAssistantState = z.infer<typeof zAssistantState>;

export const zAssistantQuestionEvent = z.object({ question: zAssistantMessage, answerId: z.string() });
export const zAssistantStarted = z.object({ answer: zAssistantMessage });
export const zAssistantDelta = z.object({ answerId: z.string(), text: z.string() });
export const zAssistantDone = z.object({ answer: zAssistantMessage });
export const zAssistantFailed = z.object({ questionId: z.string(), answerId: z.string(), code: z.string(), message: z.string() });
export const zAssistantApplied = z.object({ answerId: z.string(), record: zAssistantApplyRecord });
export type TAssistantQuestionEvent = z.infer<typeof zAssistantQuestionEvent>;
export type TAssistantStarted = z.infer<typeof zAssistantStarted>;
export type TAssistantDelta = z.infer<typeof zAssistantDelta>;
export type TAssistantDone = z.infer<typeof zAssistantDone>;
export type TAssistantFailed = z.infer<typeof zAssistantFailed>;
export type TAssistantApplied = z.infer<typeof zAssistantApplied>;
