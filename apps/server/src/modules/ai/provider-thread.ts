import v8 from "node:v8";
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
 * The provider thread's young generation: a fixed 8 MB per semi-space, where the server's flags
 * (scripts/server-flags.mjs, sized for the event loop's co-editing load) would give it 2 × 96 MB.
 * It keeps little alive from one chunk to the next, but makes ~10 MB/s of short-lived garbage
 * while answers stream; at 64 MB semi-spaces it took 36,000 page faults over a run of
 * bench/ai.bench.ts against 11,000 at 8 MB, and the server's RSS was 735 MB against 600 MB, at
 * the same CPU.
 */
const THREAD_SEMI_SPACE_MB = 8;
const SEMI_SPACE_FLAGS = ["--min-semi-space-size", "--max-semi-space-size"];

/**
 * Starts the thread with its own young-generation size. A worker's heap is sized from the
 * process's V8 flags when the thread starts, and the flags outrank its resourceLimits, so they
 * are set for the thread and put back once it runs (the event loop's heap was sized at start
 * and does not read them again).
 */
function startThread(url: URL, workerData: unknown): Worker {
  const serverValues = SEMI_SPACE_FLAGS.map((flag) => process.execArgv.find((arg) => arg.startsWith(`${flag}=`)) ?? `${flag}=0`);
  SEMI_SPACE_FLAGS.forEach((flag) => v8.setFlagsFromString(`${flag}=${THREAD_SEMI_SPACE_MB}`));
  const w = new Worker(url, { workerData });
  // Once running (or if it never runs): putting them back twice is harmless.
  const restore = () => serverValues.forEach((value) => v8.setFlagsFromString(value));
  w.once("online", restore).once("exit", restore);
  return w;
}

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
    const w = startThread(opts.workerUrl ?? workerUrl, workerConfig);
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
