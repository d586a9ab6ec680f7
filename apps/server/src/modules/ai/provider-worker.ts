// The provider thread: runs the openai SDK (requests, SSE parsing) off the server's
// event loop, so a burst of questions does not hold up the room's realtime traffic.
// Speaks the messages of provider-thread.ts with its parent.
import { parentPort, workerData } from "node:worker_threads";
import { assistantMessages } from "@coderoom/shared/messages";
import { ProviderFailure, createChatProvider, type ProviderConfig } from "./chat-provider";
import { createProviderOutbox } from "./provider-outbox";
import type { ToProvider } from "./provider-thread";

// The parent starts this thread only when the provider is configured.
const provider = createChatProvider(workerData as ProviderConfig)!;
const port = parentPort!;
const running = new Map<number, AbortController>();

/** Later texts of the answers leave together at most this often (first texts and ends at once). */
const TEXT_PACE_MS = 20;
const { send } = createProviderOutbox((batch) => port.postMessage(batch), TEXT_PACE_MS);

async function run(id: number, messages: Extract<ToProvider, { type: "start" }>["messages"]) {
  const controller = new AbortController();
  running.set(id, controller);
  try {
    for await (const text of provider.stream({ messages, signal: controller.signal })) send({ type: "text", id, text });
    send({ type: "end", id });
  } catch (err) {
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
