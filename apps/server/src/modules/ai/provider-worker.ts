// The provider thread: runs the openai SDK (requests, SSE parsing) off the server's
// event loop, so a burst of questions does not hold up the room's realtime traffic.
// Speaks the messages of provider-thread.ts with its parent.
import { parentPort, workerData } from "node:worker_threads";
import { assistantMessages } from "@coderoom/shared/messages";
import { createDeltaPacer } from "./answer-deltas";
import { ProviderFailure, createChatProvider, type ProviderConfig } from "./chat-provider";
import type { FromProvider, ToProvider } from "./provider-thread";

// The parent starts this thread only when the provider is configured.
const provider = createChatProvider(workerData as ProviderConfig)!;
const port = parentPort!;
const running = new Map<number, AbortController>();

/**
 * Messages leave in one batch per event-loop turn: a burst's streams get their chunks in the
 * same turn (the tokens of 50 answers arrive together), and a postMessage per piece would be
 * this thread's largest cost.
 */
let outbox: FromProvider[] = [];
const flush = () => {
  const batch = outbox;
  outbox = [];
  port.postMessage(batch);
};
const send = (msg: FromProvider) => {
  if (outbox.push(msg) === 1) setImmediate(flush);
};
/**
 * An answer's first text leaves at once, its later ones joined on a 20 ms tick shared by every
 * answer, so a batch carries many pieces. The parent shows later pieces on its slower tick,
 * so no reader sees them later.
 */
const answerTexts = createDeltaPacer(20);

async function run(id: number, messages: Extract<ToProvider, { type: "start" }>["messages"]) {
  const controller = new AbortController();
  running.set(id, controller);
  const texts = answerTexts((text) => send({ type: "text", id, text }));
  try {
    for await (const text of provider.stream({ messages, signal: controller.signal })) texts.push(text);
    texts.flush();
    send({ type: "end", id });
  } catch (err) {
    texts.flush();
    const failure = err instanceof ProviderFailure ? err : null;
    send({ type: "error", id, code: failure?.code ?? "ai_provider_failed", message: failure?.message ?? assistantMessages.providerFailed, detail: failure?.detail ?? String(err) });
  } finally {
    running.delete(id);
  }
}

port.on("message", (msg: ToProvider) => {
  if (msg.type === "start") void run(msg.id, msg.messages);
  else running.get(msg.id)?.abort();
});
