import OpenAI, { APIConnectionTimeoutError, APIError } from "openai";
import { assistantMessages } from "@coderoom/shared/messages";
import type { TErrorCode } from "@coderoom/shared/error-codes";
import type { Config } from "../../config";
import { createHttpFetch } from "./http-fetch";

export interface ChatMessage {
  role: "system" | "user" | "assistant";
  content: string;
}

/** A streaming chat model. `stream` yields text pieces; it ends quietly when `signal` aborts. */
export interface ChatProvider {
  readonly model: string;
  stream(opts: { messages: ChatMessage[]; signal: AbortSignal }): AsyncIterable<string>;
}

/** A provider error the asker is told about; the question is never counted. */
export class ProviderFailure extends Error {
  constructor(
    readonly code: Extract<TErrorCode, "ai_provider_failed" | "ai_provider_timeout">,
    message: string,
    /** What went wrong, for the log (never sent: it may name the provider's internals). */
    readonly detail: string,
  ) {
    super(message);
    this.name = "ProviderFailure";
  }
}

function toFailure(err: unknown, timedOut: boolean): ProviderFailure {
  if (timedOut || err instanceof APIConnectionTimeoutError) {
    return new ProviderFailure("ai_provider_timeout", assistantMessages.providerTimeout, "no data within AI_TIMEOUT_MS");
  }
  if (err instanceof APIError && err.status !== undefined) {
    const detail = `HTTP ${err.status}: ${err.message}`;
    if (err.status === 401 || err.status === 403) return new ProviderFailure("ai_provider_failed", assistantMessages.providerAuth, detail);
    if (err.status === 429) return new ProviderFailure("ai_provider_failed", assistantMessages.providerRateLimited, detail);
    return new ProviderFailure("ai_provider_failed", assistantMessages.providerFailed, detail);
  }
  // Malformed SSE data (JSON.parse), a dropped connection, an error event in the stream.
  return new ProviderFailure("ai_provider_failed", assistantMessages.providerFailed, err instanceof Error ? `${err.name}: ${err.message}` : String(err));
}

/** What the provider needs of the config (and all that crosses to the provider thread). */
export const providerConfigKeys = ["AI_BASE_URL", "AI_API_KEY", "AI_MODEL", "AI_TIMEOUT_MS", "AI_MAX_OUTPUT_TOKENS"] as const;
export type ProviderConfig = Pick<Config, (typeof providerConfigKeys)[number]>;

/**
 * The provider behind the `openai` SDK: any OpenAI-compatible chat-completions API
 * (OpenAI, Ollama, vLLM, llama.cpp, LM Studio, OpenRouter). Null when not configured.
 */
export function createChatProvider(config: ProviderConfig): ChatProvider | null {
  if (!config.AI_BASE_URL || !config.AI_MODEL) return null;
  const model = config.AI_MODEL;
  const idleMs = config.AI_TIMEOUT_MS;
  // Local servers ignore the key but the SDK insists on one.
  const client = new OpenAI({ baseURL: config.AI_BASE_URL, apiKey: config.AI_API_KEY ?? "not-needed", maxRetries: 0, timeout: idleMs, fetch: createHttpFetch() });

  return {
    model,
    async *stream({ messages, signal }) {
      // One controller reaches the HTTP request: the asker's stop/disconnect, the idle
      // timer, and leaving the loop early all abort it, so the provider stops generating.
      const controller = new AbortController();
      const onAbort = () => controller.abort();
      signal.addEventListener("abort", onAbort, { once: true });
      let timedOut = false;
      // The SDK's own timeout ends at the response headers; a stream that stalls later needs
      // ours, restarted by each chunk.
      const timer = setTimeout(() => {
        timedOut = true;
        controller.abort();
      }, idleMs);
      // A stream read to its end has nothing left to abort.
      let ended = false;
      try {
        const chunks = await client.chat.completions.create(
          { model, messages, stream: true, max_tokens: config.AI_MAX_OUTPUT_TOKENS },
          { signal: controller.signal },
        );
        for await (const chunk of chunks) {
          timer.refresh();
          const text = chunk.choices?.[0]?.delta?.content;
          if (text) yield text;
        }
        // The SDK ends an aborted stream without throwing: tell a timeout from a stop.
        if (timedOut) throw toFailure(null, true);
        ended = !controller.signal.aborted;
      } catch (err) {
        if (err instanceof ProviderFailure) throw err;
        if (signal.aborted && !timedOut) return;
        throw toFailure(err, timedOut);
      } finally {
        clearTimeout(timer);
        signal.removeEventListener("abort", onAbort);
        if (!ended) controller.abort();
      }
    },
  };
}
