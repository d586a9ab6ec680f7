import { randomUUID } from "node:crypto";
import { assistantMessages } from "@coderoom/shared/messages";
import {
  assistantEvents,
  assistantLimits,
  zAssistantAsk,
  type TAssistantMessage,
  type TAssistantQuota,
  type TAssistantState,
} from "@coderoom/shared/schemas/assistant";
import type { AppDeps } from "../../deps";
import { checkAiOf, consumeAi, judgeAi, refundAi, type AiCheck, type AiPlan } from "./ai-quota";
import { createAllowanceCache } from "./allowance-cache";
import { createAssistantLimiter } from "./assistant-limits";
import { buildPrompt } from "./assistant-prompt";
import { ProviderFailure, type ChatProvider } from "./chat-provider";
import { createThreadedChatProvider } from "./provider-thread";
import { applySuggestion } from "./apply-suggestion";
import { createDeltaPacer } from "./answer-deltas";
import { AssistantRefusal, type AssistantIO, type AssistantUser, type RoomSnapshot } from "./assistant-types";
import { loadConversation, saveExchanges, type Exchange } from "./conversation-store";
import { groupCommit } from "../../db/group-commit";
import type { QuietWindowOptions } from "../../db/quiet-window";
import { readTogether } from "../../db/read-together";
import { createRecentHistory } from "./recent-history";
import { createTurnGate } from "./turn-gate";
import { createUsageBatcher } from "../usage/usage-batcher";

interface LiveAnswer {
  roomId: string;
  user: AssistantUser;
  socketId: string;
  question: TAssistantMessage;
  answer: TAssistantMessage;
  controller: AbortController;
  /** Tells the room of the question and the answer starting (once; before any of its answer). */
  announce: () => void;
  /** Set once the answer is done: its exchange on the way to the database. */
  saving?: Promise<void>;
}

interface AskRequest {
  user: AssistantUser;
  roomId: string;
  socketId: string;
  payload: unknown;
  snapshot: () => RoomSnapshot | Promise<RoomSnapshot>;
  io: AssistantIO;
}

type Log = { error(obj: object, msg?: string): void; warn(obj: object, msg?: string): void };
const HISTORY_FOR_PROMPT = 12;
/** Later pieces of the answers are sent at most this often (each answer's first at once): fewer frames per room member. */
const DELTA_FLUSH_MS = 40;

/**
 * A burst's answers start, and end, over 30-80 ms; what the database does for them (PGlite
 * works on this thread) waits until they stop coming: 20 ms without one, and none of this
 * process's answers still waiting for its first token (the count) or still streaming (the
 * saves), at most 250 ms after the first (db/quiet-window.ts). In a fixed 50 ms window from
 * the first, the count (3-24 ms a statement) fell among the burst's later first tokens, and
 * the saves (1.5-11 ms each) among its later `done`s; 20 ms without one alone still let them
 * start in the midst of a burst whose requests had left with a gap (bench/ai.bench.ts, traced:
 * saves began before the last `done` in up to 5 of a run's 16 bursts, whose last answers then
 * reached the room up to 18 ms later).
 * - Counting: the first tokens of a burst reach the room first, then one statement counts
 *   them (counted one turn at a time, the database work held up the next answers' first
 *   tokens: 40 ms in a burst of 50).
 * - Saving: a save started as soon as an answer ended held up the `done` of the answers
 *   ending next (saved in a window, the added total time at p99 in bench/ai.bench.ts went
 *   from 15-47 ms to 9-16 ms). The room has each whole answer before it is saved; Apply waits for it.
 */
const BURST_WINDOW: QuietWindowOptions = { quietMs: 20, maxMs: 250 };
/**
 * A burst of questions is prepared (and announced) at most this long per event-loop turn:
 * 50 at once held the loop 54-72 ms; in slices of 20 ms the longest stall was 28-36 ms, and
 * the added first-token p99 was as noisy as without slices (slices of 8 ms or one question
 * per turn held the requests back: more turns, each with other work in it).
 */
const PREPARE_SLICE_MS = 20;
/**
 * A save writes at most this many exchanges (two rows each) per statement, other work
 * between statements: a whole burst's 100 rows in one statement held the loop ~32 ms.
 */
const SAVE_MAX_EXCHANGES = 10;

/** The room assistant: asks, streams to the room, counts, saves; one instance per server. */
export function createAssistantService(deps: Pick<AppDeps, "config" | "db" | "now">, opts: { provider?: ChatProvider | null; log: Log }) {
  const { config } = deps;
  const db = deps.db.db;
  const provider = opts.provider === undefined ? createThreadedChatProvider(config) : opts.provider;
  const limiter = createAssistantLimiter(config.AI_ROOM_QUESTIONS_PER_MINUTE);
  const live = new Map<string, LiveAnswer>();
  // Other processes answer too when they share the rooms through Redis.
  const history = createRecentHistory(db, { size: HISTORY_FOR_PROMPT, publicUrl: config.PUBLIC_URL, now: () => Date.now(), shared: config.REDIS_URL !== undefined });
  const allowances = createAllowanceCache();
  const anyLive = (test: (entry: LiveAnswer) => boolean) => [...live.values()].some(test);
  const streaming = (entry: LiveAnswer) => entry.answer.status === "streaming";
  const awaitingFirstToken = (entry: LiveAnswer) => streaming(entry) && !entry.answer.content;
  const usage = createUsageBatcher(db, { window: { ...BURST_WINDOW, busy: () => anyLive(awaitingFirstToken) } });
  // Answers of a burst end together: their saves share statements instead of queueing one by one.
  const exchanges = groupCommit<Exchange>((batch) => saveExchanges(db, batch), {
    window: { ...BURST_WINDOW, busy: () => anyLive(streaming) },
    maxItems: SAVE_MAX_EXCHANGES,
  });
  const preparing = createTurnGate(PREPARE_SLICE_MS);
  const answerDeltas = createDeltaPacer(DELTA_FLUSH_MS);

  // The askers of a burst whose allowance is not cached are read together (as of the latest question).
  const checkAi = readTogether(
    (ask: { user: AssistantUser; at: Date }) => ask.user.id,
    (asks) => checkAiOf(db, asks.map((a) => a.user), new Date(Math.max(...asks.map((a) => a.at.getTime())))),
  );
  /** Reads the user's plan and today's count, and keeps them for the next pre-check. */
  async function readAllowance(user: AssistantUser, at: Date) {
    const fresh = await checkAi({ user, at });
    allowances.set(user.id, at, fresh.plan, fresh.quota.used);
    return fresh;
  }
  /**
   * The pre-check: from what this process last read or counted for the user, else the
   * database. `readAgain`: the cached copy is due to be read again, which the answer does
   * once it has ended and been saved, not while the question is taken (on embedded PGlite
   * the read runs on the event loop, and in bench/ai.bench.ts the burst that did it started
   * 20-30 ms late). A question refused meanwhile drops it: the copy then expires and is read.
   */
  async function allowance(user: AssistantUser, at: Date): Promise<AiCheck & { readAgain: boolean }> {
    const hit = allowances.get(user.id, at);
    if (!hit) return { ...(await readAllowance(user, at)), readAgain: false };
    return { ...judgeAi(hit.plan, hit.used, at), readAgain: hit.refresh };
  }
  /** The quota shown in the panel: always read (which also refreshes the pre-check's copy). */
  const readQuota = async (user: AssistantUser, at: Date) => (await readAllowance(user, at)).quota;

  function validate(payload: unknown) {
    const parsed = zAssistantAsk.safeParse(payload ?? {});
    if (parsed.success) return parsed.data;
    const tooLong = parsed.error.issues.some((i) => i.message === "question_too_long");
    const empty = parsed.error.issues.some((i) => i.message === "question_empty");
    const message = tooLong
      ? assistantMessages.questionTooLong(assistantLimits.questionMaxChars)
      : empty
        ? assistantMessages.questionEmpty
        : "Invalid question";
    throw new AssistantRefusal("ai_question_invalid", message);
  }

  /** Builds the prompt and sends the provider request (synchronous: it runs inside a slice). */
  function start(req: AskRequest, input: ReturnType<typeof validate>, at: Date, reads: { quota: Awaited<ReturnType<typeof allowance>>; recent: TAssistantMessage[]; snapshot: RoomSnapshot }) {
    const { user, roomId, io } = req;
    const { quota, recent, snapshot } = reads;
    const prompt = buildPrompt({
      action: input.action,
      question: input.question,
      selection: input.selection,
      code: snapshot.code,
      languageName: snapshot.languageName,
      terminal: snapshot.terminal,
      history: recent.map((m) => ({ role: m.role, content: m.content, author: m.author.name })),
      askerName: user.name,
      contextTokens: config.AI_CONTEXT_TOKENS,
    });
    const author = { id: user.id, name: user.name, ...(user.avatar ? { avatar: user.avatar } : {}) };
    const base = { action: input.action, author, status: "streaming" as const, createdAt: at.toISOString(), applies: [] };
    const question: TAssistantMessage = { ...base, id: randomUUID(), role: "user", content: input.question, replyTo: null, selectedText: prompt.selectedText || null };
    const answer: TAssistantMessage = { ...base, id: randomUUID(), role: "assistant", content: "", replyTo: question.id, selectedText: null };
    let announced = false;
    const announce = () => {
      if (announced) return;
      announced = true;
      io.toRoom(roomId, assistantEvents.question, { question, answerId: answer.id });
      io.toRoom(roomId, assistantEvents.started, { answer });
    };
    const entry: LiveAnswer = { roomId, user, socketId: req.socketId, question, answer, controller: new AbortController(), announce };
    live.set(answer.id, entry);
    const finished = stream(entry, prompt.messages, { at, plan: quota.plan, quota: quota.quota, readAgain: quota.readAgain }, io);
    return { entry, finished };
  }

  /**
   * Accepts a question (or refuses it with an AssistantRefusal), broadcasts it, and
   * streams the answer to the room in the background. `finished` settles when the
   * answer is saved or dropped.
   */
  async function ask(req: AskRequest) {
    const { user, roomId } = req;
    if (!provider) throw new AssistantRefusal("ai_not_configured", assistantMessages.notConfigured);
    const input = validate(req.payload);
    if (!limiter.claimUser(user.id)) throw new AssistantRefusal("ai_in_progress", assistantMessages.inProgress);
    const at = deps.now();
    try {
      if (!limiter.takeRoomSlot(roomId, at.getTime())) throw new AssistantRefusal("ai_room_rate_limited", assistantMessages.roomRateLimited);
      // Checked (reads only) before the provider is called; counted at the first token.
      const [quota, recent, snapshot] = await Promise.all([allowance(user, at), history.get(roomId), req.snapshot()]);
      if (!quota.ok) {
        req.io.toAsker(assistantEvents.quota, quota.quota);
        throw new AssistantRefusal("ai_quota_exceeded", quota.message);
      }
      const { entry, finished } = await preparing.run(() => start(req, input, at, { quota, recent, snapshot }));
      // The provider request has left; the room hears of the question while the provider
      // thinks, in its turn behind the questions already waiting (a burst's requests all leave
      // before its broadcasts), and the acknowledgement follows the broadcasts.
      await preparing.run(entry.announce);
      return { questionId: entry.question.id, answerId: entry.answer.id, finished };
    } catch (err) {
      limiter.releaseUser(user.id);
      throw err;
    }
  }

  async function stream(
    entry: LiveAnswer,
    messages: Parameters<ChatProvider["stream"]>[0]["messages"],
    { at, plan, quota, readAgain }: { at: Date; plan: AiPlan; quota: TAssistantQuota; readAgain: boolean },
    io: AssistantIO,
  ) {
    const { roomId, answer, question, controller } = entry;
    // The asker may ask again once the answer is done, before it is saved; released once.
    let claimed = true;
    const releaseUser = () => {
      if (claimed) limiter.releaseUser(entry.user.id);
      claimed = false;
    };
    // The interaction counts from the first token: a failure or a Stop before it costs nothing.
    let counting: Promise<boolean> | null = null;
    let overQuota: string | null = null;
    const count = () =>
      consumeAi(usage, entry.user.id, at, plan).then((allowance) => {
        // One answer at a time per user: the count read before the question is still current.
        if (allowance.ok) {
          allowances.adjust(entry.user.id, 1);
          io.toAsker(assistantEvents.quota, { ...quota, used: quota.used + 1 });
        } else {
          // Another process used the last one meanwhile: this answer ends here.
          overQuota = allowance.message;
          controller.abort();
        }
        return allowance.ok;
      });
    const drop = async (code: string, message: string) => {
      if (await (counting ?? false)) {
        await refundAi(db, entry.user.id, at);
        allowances.adjust(entry.user.id, -1);
        io.toAsker(assistantEvents.quota, quota);
      }
      entry.announce();
      io.toRoom(roomId, assistantEvents.failed, { questionId: question.id, answerId: answer.id, code, message });
    };
    const deltas = answerDeltas((text) => {
      entry.announce();
      io.toRoom(roomId, assistantEvents.delta, { answerId: answer.id, text });
    });
    try {
      for await (const text of provider!.stream({ messages, signal: controller.signal })) {
        answer.content += text;
        deltas.push(text);
        counting ??= count();
      }
      deltas.flush();
      await counting;
      const stopped = controller.signal.aborted;
      if (overQuota) {
        io.toRoom(roomId, assistantEvents.failed, { questionId: question.id, answerId: answer.id, code: "ai_quota_exceeded", message: overQuota });
      } else if (!answer.content) {
        // Stopped before the first token, or an empty answer: not counted, nothing saved.
        if (stopped) await drop("ai_stopped", "Stopped before the assistant answered");
        else await drop("ai_provider_failed", assistantMessages.providerFailed);
      } else {
        const status = stopped ? ("stopped" as const) : ("complete" as const);
        question.status = "complete";
        answer.status = status;
        // The room has the whole answer now: it hears so at once, and the exchange is saved
        // behind it (on embedded PGlite a burst's saves held `done` up ~10 ms). A save that
        // fails is taken back below with `failed`, and refunded, as a provider failure is.
        io.toRoom(roomId, assistantEvents.done, { answer });
        releaseUser();
        entry.saving = exchanges.add({ roomId, question, answer });
        await entry.saving;
        history.append(roomId, question, answer);
      }
    } catch (err) {
      if (err instanceof ProviderFailure) opts.log.warn({ roomId, detail: err.detail }, "AI provider failed");
      else opts.log.error({ err, roomId }, "assistant answer failed");
      const failure = err instanceof ProviderFailure ? err : new ProviderFailure("ai_provider_failed", assistantMessages.providerFailed, "");
      await drop(failure.code, failure.message).catch((e) => opts.log.error({ err: e }, "refund failed"));
    } finally {
      deltas.cancel();
      live.delete(answer.id);
      releaseUser();
      // A failed read leaves the copy to expire: the next pre-check after it reads.
      if (readAgain) readAllowance(entry.user, deps.now()).catch((err: unknown) => opts.log.warn({ err }, "could not read an AI allowance again"));
    }
  }

  return {
    configured: provider !== null,
    /** Stops the user's answer in progress (if any); true when one was stopped. */
    stop(userId: string): boolean {
      let stopped = false;
      for (const entry of live.values()) {
        if (entry.user.id !== userId || entry.answer.status !== "streaming") continue;
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
    /** What a client needs to render the panel: history, answers in flight, quota. */
    async state(roomId: string, user: AssistantUser): Promise<TAssistantState> {
      const conversation = loadConversation(db, { roomId, limit: assistantLimits.historyMessages, publicUrl: config.PUBLIC_URL });
      history.seed(roomId, conversation);
      const [messages, quota] = await Promise.all([conversation, readQuota(user, deps.now())]);
      // Answers still streaming, or done and being saved (unless the read already found them).
      const inFlight = [...live.values()].filter((e) => e.roomId === roomId && !messages.some((m) => m.id === e.question.id));
      return {
        configured: provider !== null,
        model: provider?.model ?? null,
        messages: [...messages, ...inFlight.flatMap((e) => [e.question, e.answer])],
        quota,
        streaming: inFlight.filter((e) => e.answer.status === "streaming").map((e) => e.answer.id),
      };
    },
    quota(user: AssistantUser): Promise<TAssistantQuota> {
      return readQuota(user, deps.now());
    },
    apply: (req: Omit<Parameters<typeof applySuggestion>[1], "untilSaved">) =>
      applySuggestion(deps, { ...req, untilSaved: async (answerId) => live.get(answerId)?.saving?.catch(() => undefined) }),
    /** Answers of this process still streaming. */
    streamingCount: () => [...live.values()].filter(streaming).length,
    /** Aborts every answer in flight (server shutdown). */
    close(): void {
      for (const entry of live.values()) entry.controller.abort();
    },
  };
}

export type AssistantService = ReturnType<typeof createAssistantService>;
