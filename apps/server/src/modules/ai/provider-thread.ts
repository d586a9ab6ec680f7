import { Worker } from "node:worker_threads";
import { assistantMessages } from "@coderoom/shared/messages";
import { ProviderFailure, providerConfigKeys, type ChatMessage, type ChatProvider, type ProviderConfig } from "./chat-provider";

/** Parent → provider thread. */
export type ToProvider = { type: "start"; id: number; messages: ChatMessage[] } | { type: "abort"; id: number };
/** Provider thread → parent (sent in batches: FromProvider[]). */
export type FromProvider =
  | { type: "text"; id: number; text: string }
  | { type: "end"; id: number }
  | { type: "error"; id: number; code: ProviderFailure["code"]; message: string; detail: string };

/** What one stream is waiting for: the thread's messages, in order. */
interface Pending {
  queue: FromProvider[];
  wake: (() => void) | null;
}

/** Built, the thread is dist/ai-provider-worker.js beside dist/main.js; from source (tests, benches) tsx loads the .ts. */
const workerUrl = new URL(import.meta.url.endsWith(".ts") ? "./provider-worker-from-source.mjs" : "./ai-provider-worker.js", import.meta.url);

/**
 * The chat provider in a thread of its own: the openai SDK's per-request and per-chunk
 * work (headers, fetch, SSE parsing) runs beside the event loop instead of on it. Same
 * contract as createChatProvider: text pieces, a quiet end on abort, ProviderFailure on
 * errors; a thread that dies fails the answers in flight and is started again on the next question.
 * The thread starts with the provider, so the first question does not wait for it to boot.
 */
export function createThreadedChatProvider(config: ProviderConfig, opts: { workerUrl?: URL } = {}): ChatProvider | null {
  if (!config.AI_BASE_URL || !config.AI_MODEL) return null;
  // Only what the provider needs crosses to the thread (not the database URL or other secrets).
  const workerConfig = Object.fromEntries(providerConfigKeys.map((key) => [key, config[key]]));
  const pending = new Map<number, Pending>();
  let nextId = 1;
  let worker: Worker | null = null;

  const deliver = (msg: FromProvider) => {
    const p = pending.get(msg.id);
    if (!p) return;
    p.queue.push(msg);
    p.wake?.();
  };
  const thread = () => {
    if (worker) return worker;
    const w = new Worker(opts.workerUrl ?? workerUrl, { workerData: workerConfig });
    w.on("message", (batch: FromProvider[]) => batch.forEach(deliver));
    const lost = (detail: string) => {
      if (worker !== w) return;
      worker = null;
      for (const id of pending.keys()) deliver({ type: "error", id, code: "ai_provider_failed", message: assistantMessages.providerFailed, detail });
    };
    w.on("error", (err) => lost(`provider thread failed: ${err.message}`));
    w.on("exit", (code) => lost(`provider thread exited (${code})`));
    // After the listeners (a message listener refs the port again): an idle thread never keeps the process alive.
    w.unref();
    worker = w;
    return w;
  };
  // Started now rather than at the first question, which would otherwise wait while the
  // thread boots and loads the SDK (~0.15 s built, ~0.4 s from source).
  thread();

  return {
    model: config.AI_MODEL,
    async *stream({ messages, signal }) {
      if (signal.aborted) return;
      const id = nextId++;
      const p: Pending = { queue: [], wake: null };
      pending.set(id, p);
      const w = thread();
      // Busy, the thread keeps the process alive like any request in flight would.
      w.ref();
      const onAbort = () => p.wake?.();
      signal.addEventListener("abort", onAbort, { once: true });
      let ended = false;
      try {
        w.postMessage({ type: "start", id, messages } satisfies ToProvider);
        for (;;) {
          if (signal.aborted) return;
          const msg = p.queue.shift();
          if (!msg) {
            await new Promise<void>((resolve) => (p.wake = resolve));
            p.wake = null;
            continue;
          }
          if (msg.type === "text") yield msg.text;
          else {
            ended = true;
            if (msg.type === "error") throw new ProviderFailure(msg.code, msg.message, msg.detail);
            return;
          }
        }
      } finally {
        signal.removeEventListener("abort", onAbort);
        pending.delete(id);
        if (pending.size === 0) w.unref();
        // Stopped, or the reader left early: the thread aborts the HTTP request, so the provider stops generating.
        if (!ended && worker === w) w.postMessage({ type: "abort", id } satisfies ToProvider);
      }
    },
  };
}
