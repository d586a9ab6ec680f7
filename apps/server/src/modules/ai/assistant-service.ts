import { randomUUID } from "node:crypto";
import { assistantMessages } from "@coderoom/shared/messages";
import type { TServerEvent, TServerPayload } from "@coderoom/shared/schemas/editor-events";
import {
  assistantEvents,
  assistantLimits,
  type TAssistantAsk,
  type TAssistantMessage,
  type TAssistantQuota,
  type TAssistantState,
} from "@coderoom/shared/schemas/assistant";
import { CoordinationUnavailable, type Lease } from "../../coordination/coordination";
import type { AppDeps } from "../../deps";
import { readAiQuota, refundAi, takeAiMany } from "./ai-quota";
import { createAssistantLimiter } from "./assistant-limits";
import { buildPrompt } from "./assistant-prompt";
import { ProviderFailure, type ChatMessage, type ChatProvider } from "./chat-provider";
import { createThreadedChatProvider } from "./provider-thread";
import { applySuggestion } from "./apply-suggestion";
import { createDeltaPacer } from "./answer-deltas";
import { AssistantRefusal, type AssistantIO, type AssistantUser, type RoomSnapshot } from "./assistant-types";
import { groupCommit } from "../../db/group-commit";
import { loadConversation, recentExchanges, saveExchanges, type Exchange } from "./conversation-store";
import { createLiveAnswers } from "./live-answers";
import { createQuotaHints, requestNow } from "./early-answers";
import { createPromptHistory } from "./prompt-history";

interface LiveAnswer {
  roomId: string;
  user: AssistantUser;
  socketId: string;
  question: TAssistantMessage;
  answer: TAssistantMessage;
  controller: AbortController;
  /** When the question was counted (the day its refund goes to). */
  at: Date;
  /** The asker's answer slot, across processes. */
  slot: Lease;
}

interface AskRequest {
  user: AssistantUser;
  roomId: string;
  socketId: string;
  /** Validated by the socket handler against the contract (zAssistantAsk). */
  question: TAssistantAsk;
  snapshot: () => RoomSnapshot | Promise<RoomSnapshot>;
  io: AssistantIO;
}

type Log = { error(obj: object, msg?: string): void; warn(obj: object, msg?: string): void };
/** How many of the room's latest messages the prompt gets as conversation. */
const HISTORY_FOR_PROMPT = 12;
/** The rooms whose latest messages are kept for prompts (those asked most recently), and for how long at most. */
const HISTORY_ROOMS = 256;
const HISTORY_MAX_AGE_MS = 60_000;
/** Later pieces of the answers are sent at most this often (each answer's first at once): fewer frames per room member. */
const DELTA_FLUSH_MS = 40;

/**
 * The room assistant: takes a question, streams its answer to the room, saves both.
 * One instance per server process.
 *
 * A question is counted when it is taken, before anyone hears of it: a question past the
 * quota is refused in its acknowledgement. The count is given back if the answer fails or
 * is stopped before its first token, or its save fails. An answer is saved before the room
 * hears it is done, so a `done` answer is in the database (Apply reads it there).
 * The limits and the answers streaming are shared by every process (deps.coordination).
 */
export function createAssistantService(
  deps: Pick<AppDeps, "config" | "db" | "now" | "coordination">,
  opts: {
    provider?: ChatProvider | null;
    log: Log;
    /** This process saved to the room's conversation: the other processes' prompt histories must read it again. */
    onConversationSaved?: (roomId: string) => void;
  },
) {
  const { config } = deps;
  const db = deps.db.db;
  const provider = opts.provider === undefined ? createThreadedChatProvider(config) : opts.provider;
  const limiter = createAssistantLimiter(deps.coordination, config.AI_ROOM_QUESTIONS_PER_MINUTE);
  // An answer waits at most AI_TIMEOUT_MS for its next piece: an entry not written for longer is a dead process's.
  const shared = createLiveAnswers(deps.coordination, { ttlMs: config.AI_TIMEOUT_MS + 5_000 });
  /** This process's answers (their controllers: Stop and disconnects abort them). */
  const live = new Map<string, LiveAnswer>();
  const answerDeltas = createDeltaPacer(DELTA_FLUSH_MS);
  // The questions, answers and prompts of a burst share statements: the embedded database runs one at a time.
  const takeAi = groupCommit((asks: { user: AssistantUser; at: Date }[]) => takeAiMany(db, asks), { onePerTurn: true });
  const saveExchange = groupCommit(async (exchanges: Exchange[]) => {
    await saveExchanges(db, exchanges);
    return exchanges.map(() => undefined);
  }, { onePerTurn: true });
  /** The room's latest messages for a prompt: the rooms read in the same moment share one statement. */
  const readHistories = groupCommit(async (roomIds: string[]) => {
    const histories = await recentExchanges(db, [...new Set(roomIds)], HISTORY_FOR_PROMPT);
    return roomIds.map((id) => histories.get(id)!);
  });
  const history = createPromptHistory({ read: readHistories, limit: HISTORY_FOR_PROMPT, maxRooms: HISTORY_ROOMS, maxAgeMs: HISTORY_MAX_AGE_MS });
  const quotaHints = createQuotaHints();
  /** The answer to a prompt, requested now. */
  const requestAnswer = (messages: ChatMessage[], controller: AbortController) => requestNow((signal) => provider!.stream({ messages, signal }), controller);

  /** The prompt for the question, from the room as it is now and its latest messages. */
  async function promptFor(req: AskRequest, input: TAssistantAsk) {
    const [recent, snapshot] = await Promise.all([history.get(req.roomId), req.snapshot()]);
    return buildPrompt({
      action: input.action,
      question: input.question,
      selection: input.selection,
      code: snapshot.code,
      languageName: snapshot.languageName,
      terminal: snapshot.terminal,
      history: recent,
      askerName: req.user.name,
      contextTokens: config.AI_CONTEXT_TOKENS,
    });
  }

  /**
   * Accepts a question (or refuses it with an AssistantRefusal), tells the room, and
   * streams the answer to it in the background. `finished` settles when the answer is
   * saved or dropped.
   */
  async function ask(req: AskRequest) {
    const { user, roomId, io } = req;
    if (!provider) throw new AssistantRefusal("ai_not_configured", assistantMessages.notConfigured);
    const input = req.question;
    const slot = await limiter.claimUser(user.id).catch(unavailable);
    if (!slot) throw new AssistantRefusal("ai_in_progress", assistantMessages.inProgress);
    const at = deps.now();
    // The prompt's reads go beside the count, or before it (an early answer's request waits
    // for no count); a refused question's prompt is dropped.
    const prompting = promptFor(req, input);
    prompting.catch(() => undefined);
    const controller = new AbortController();
    let answering: Promise<ReturnType<typeof requestAnswer>> | undefined;
    let counted = false;
    let undoRoomSlot = async () => {};
    try {
      const roomSlot = await limiter.takeRoomSlot(roomId).catch(unavailable);
      if (!roomSlot.allowed) throw new AssistantRefusal("ai_room_rate_limited", assistantMessages.roomRateLimited);
      undoRoomSlot = roomSlot.undo;
      // A provider's first token takes far longer than the count: when this process's last
      // count of the user left room, the answer is requested while the question is counted
      // (early-answers.ts), and dropped unread if the count refuses.
      if (quotaHints.mayAnswerEarly(user.id, at)) {
        answering = prompting.then((prompt) => requestAnswer(prompt.messages, controller));
        answering.catch(() => undefined);
      }
      const taken = await (answering ? prompting.then(() => takeAi({ user, at })) : takeAi({ user, at }));
      quotaHints.counted(user.id, at, taken.quota);
      io.toAsker(assistantEvents.quota, taken.quota);
      if (!taken.ok) throw new AssistantRefusal("ai_quota_exceeded", taken.message);
      counted = true;
      const prompt = await prompting;
      answering ??= Promise.resolve(requestAnswer(prompt.messages, controller));
      const { pieces } = await answering;
      const author = { id: user.id, name: user.name, ...(user.avatar ? { avatar: user.avatar } : {}) };
      const base = { action: input.action, author, status: "streaming" as const, createdAt: at.toISOString(), applies: [] };
      const question: TAssistantMessage = { ...base, id: randomUUID(), role: "user", content: input.question, replyTo: null, selectedText: prompt.selectedText || null };
      const answer: TAssistantMessage = { ...base, id: randomUUID(), role: "assistant", content: "", replyTo: question.id, selectedText: null };
      const entry: LiveAnswer = { roomId, user, socketId: req.socketId, question, answer, controller, at, slot };
      live.set(answer.id, entry);
      await shared.started(roomId, { question, answer }).catch((err: unknown) => opts.log.warn({ err, roomId }, "could not share an assistant answer's state"));
      io.toRoom(roomId, assistantEvents.question, { question, answerId: answer.id });
      io.toRoom(roomId, assistantEvents.started, { answer });
      const finished = stream(entry, pieces, taken.quota, io);
      return { questionId: question.id, answerId: answer.id, finished };
    } catch (err) {
      void answering?.then((unread) => unread.drop(), () => undefined);
      if (counted) await refundAi(db, user.id, at).catch((e: unknown) => opts.log.error({ err: e }, "refund failed"));
      await undoRoomSlot().catch(() => undefined);
      await slot.release().catch(() => undefined);
      throw err;
    }
  }

  /**
   * Streams the answer to the room, then saves it and tells the room it is done; or drops
   * it, gives the count back, and tells the room it failed. Never rejects.
   */
  async function stream(entry: LiveAnswer, pieces: AsyncIterable<string>, quota: TAssistantQuota, io: AssistantIO) {
    const { roomId, answer, question, controller, user } = entry;
    let sent = "";
    let shareFailed = false;
    const deltas = answerDeltas((text) => {
      io.toRoom(roomId, assistantEvents.delta, { answerId: answer.id, text });
      sent += text;
      shared.progressed(answer.id, sent).catch((err: unknown) => {
        if (!shareFailed) opts.log.warn({ err, roomId }, "could not share an assistant answer's state");
        shareFailed = true;
      });
    });
    let ended = false;
    /** The answer leaves this process's care (the asker may ask again), then the room hears how it ended. */
    const end = async <E extends TServerEvent>(event: E, payload: TServerPayload<E>) => {
      ended = true;
      deltas.cancel();
      live.delete(answer.id);
      await shared.ended(answer.id).catch((err: unknown) => opts.log.warn({ err, roomId }, "could not share an assistant answer's state"));
      await entry.slot.release().catch(() => undefined);
      io.toRoom(roomId, event, payload);
    };
    const fail = async (code: string, message: string) => {
      await refundAi(db, user.id, entry.at).catch((err: unknown) => opts.log.error({ err, roomId }, "could not give back an AI interaction"));
      io.toAsker(assistantEvents.quota, { ...quota, used: Math.max(0, quota.used - 1) });
      await end(assistantEvents.failed, { questionId: question.id, answerId: answer.id, code, message });
    };
    try {
      try {
        for await (const text of pieces) {
          answer.content += text;
          deltas.push(text);
        }
        deltas.flush();
      } catch (err) {
        if (err instanceof ProviderFailure) opts.log.warn({ roomId, detail: err.detail }, "AI provider failed");
        else opts.log.error({ err, roomId }, "assistant answer failed");
        const failure = err instanceof ProviderFailure ? err : new ProviderFailure("ai_provider_failed", assistantMessages.providerFailed, "");
        return await fail(failure.code, failure.message);
      }
      const stopped = controller.signal.aborted;
      // Stopped before the first token, or an empty answer: not counted, nothing saved.
      if (!answer.content) return await fail(stopped ? "ai_stopped" : "ai_provider_failed", stopped ? "Stopped before the assistant answered" : assistantMessages.providerFailed);
      const status = stopped ? ("stopped" as const) : ("complete" as const);
      const exchange = { roomId, question: { ...question, status: "complete" as const }, answer: { ...answer, status } };
      try {
        await saveExchange(exchange);
      } catch (err) {
        opts.log.error({ err, roomId }, "could not save an assistant answer");
        return await fail("ai_provider_failed", assistantMessages.providerFailed);
      }
      const asked = entry.at.getTime();
      history.saved(roomId, [
        { role: "user", content: question.content, author: user.name, at: asked },
        { role: "assistant", content: answer.content, author: user.name, at: asked },
      ]);
      opts.onConversationSaved?.(roomId);
      await end(assistantEvents.done, { answer: exchange.answer });
    } catch (err) {
      opts.log.error({ err, roomId }, "assistant answer failed");
    } finally {
      if (!ended) await end(assistantEvents.failed, { questionId: question.id, answerId: answer.id, code: "ai_provider_failed", message: assistantMessages.providerFailed });
    }
  }

  /** The shared store did not answer: the question is refused rather than let past a limit. */
  const unavailable = (err: unknown): never => {
    if (err instanceof CoordinationUnavailable) throw new AssistantRefusal("service_unavailable", assistantMessages.unavailable);
    throw err;
  };

  return {
    configured: provider !== null,
    /** Stops the user's answer in progress (if any); true when one was stopped. */
    stop(userId: string): boolean {
      let stopped = false;
      for (const entry of live.values()) {
        if (entry.user.id !== userId || entry.controller.signal.aborted) continue;
        entry.controller.abort();
        stopped = true;
      }
      return stopped;
    },
    /** A connection went away: its answers stop, and the provider request is aborted. */
    abortSocket(socketId: string): void {
      for (const entry of live.values()) if (entry.socketId === socketId) entry.controller.abort();
    },
    ask,
    /** The room's conversation changed in another process, or the room is gone: its next prompt reads it again. */
    conversationChanged: (roomId: string) => history.changed(roomId),
    /** What a client needs to render the panel: history, answers in flight (on any process), quota. */
    async state(roomId: string, user: AssistantUser): Promise<TAssistantState> {
      // In flight first: an answer that ends meanwhile is then found saved by the read after.
      const inFlight = await shared.inRoom(roomId);
      const [messages, quota] = await Promise.all([
        loadConversation(db, { roomId, limit: assistantLimits.historyMessages, publicUrl: config.PUBLIC_URL }),
        readAiQuota(db, user, deps.now()),
      ]);
      const streaming = inFlight.filter((e) => !messages.some((m) => m.id === e.question.id));
      return {
        configured: provider !== null,
        model: provider?.model ?? null,
        messages: [...messages, ...streaming.flatMap((e) => [e.question, e.answer])],
        quota,
        streaming: streaming.map((e) => e.answer.id),
      };
    },
    quota(user: AssistantUser): Promise<TAssistantQuota> {
      return readAiQuota(db, user, deps.now());
    },
    apply: (req: Parameters<typeof applySuggestion>[1]) => applySuggestion(deps, req),
    /** Answers of this process still streaming. */
    streamingCount: () => live.size,
    /** Aborts every answer in flight (server shutdown). */
    close(): void {
      for (const entry of live.values()) entry.controller.abort();
    },
  };
}

export type AssistantService = ReturnType<typeof createAssistantService>;
