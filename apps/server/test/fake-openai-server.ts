import http from "node:http";
import type { AddressInfo } from "node:net";

/** How the fake answers the next request. */
export type FakeBehaviour =
  | { kind: "stream"; tokens: string[]; ttftMs?: number; tokenIntervalMs?: number }
  | { kind: "status"; status: number; message?: string }
  /** Some good chunks, then a line that is not JSON. */
  | { kind: "malformed"; tokens: string[] }
  /** Headers (or nothing, with `beforeHeaders`) and then silence. */
  | { kind: "hang"; beforeHeaders?: boolean; tokens?: string[] };

export interface FakeRequest {
  body: { model: string; messages: { role: string; content: string }[]; stream?: boolean; max_tokens?: number };
  authorization: string | undefined;
  /** When the whole request had arrived (performance.now() of this process). */
  receivedAt: number;
  /** The client went away before the answer ended (the SDK aborted). */
  aborted: boolean;
  finished: boolean;
  /** When the answer ended or was aborted (performance.now()). */
  endedAt?: number;
}

export interface FakeOpenAI {
  /** Base URL to give the SDK (`…/v1`). */
  url: string;
  requests: FakeRequest[];
  /** Sets what every following request gets (or a function of the request). */
  behave(b: FakeBehaviour | ((req: FakeRequest) => FakeBehaviour)): void;
  /** Resolves when a request that is still open gets aborted by the client. */
  waitForAbort(req: FakeRequest, ms?: number): Promise<void>;
  close(): Promise<void>;
}

const chunk = (content: string | null, finish: string | null = null) =>
  `data: ${JSON.stringify({
    id: "chatcmpl-fake",
    object: "chat.completion.chunk",
    created: 0,
    model: "fake",
    choices: [{ index: 0, delta: content === null ? {} : { content }, finish_reason: finish }],
  })}\n\n`;

/** Splits a text into the word-sized pieces a model streams. */
export function toTokens(text: string): string[] {
  return text.match(/\s*\S+|\s+$/g) ?? [];
}

/**
 * A local OpenAI-compatible chat-completions server that streams Server-Sent Events,
 * so tests, e2e and the benchmark run the real `openai` SDK over real HTTP. Port 0.
 */
export async function startFakeOpenAI(opts: { host?: string } = {}): Promise<FakeOpenAI> {
  let behaviour: FakeBehaviour | ((req: FakeRequest) => FakeBehaviour) = { kind: "stream", tokens: toTokens("Hello from the fake model.") };
  const requests: FakeRequest[] = [];
  const abortWaiters = new Map<FakeRequest, () => void>();

  const server = http.createServer((req, res) => {
    if (req.method !== "POST" || !req.url?.endsWith("/chat/completions")) {
      res.writeHead(404, { "content-type": "application/json" }).end(JSON.stringify({ error: { message: "not found" } }));
      return;
    }
    const parts: Buffer[] = [];
    req.on("data", (c: Buffer) => parts.push(c));
    req.on("end", () => {
      const record: FakeRequest = {
        body: JSON.parse(Buffer.concat(parts).toString("utf8")),
        authorization: req.headers.authorization,
        receivedAt: performance.now(),
        aborted: false,
        finished: false,
      };
      requests.push(record);
      let timer: NodeJS.Timeout | undefined;
      res.on("close", () => {
        record.endedAt ??= performance.now();
        clearTimeout(timer);
        if (!record.finished) {
          record.aborted = true;
          abortWaiters.get(record)?.();
        }
      });
      const plan = typeof behaviour === "function" ? behaviour(record) : behaviour;
      const end = (tail = "") => {
        record.finished = true;
        record.endedAt = performance.now();
        res.end(tail);
      };
      if (plan.kind === "status") {
        res.writeHead(plan.status, { "content-type": "application/json" });
        end(JSON.stringify({ error: { message: plan.message ?? `fake error ${plan.status}`, type: "fake", code: null } }));
        return;
      }
      if (plan.kind === "hang" && plan.beforeHeaders) return;
      res.writeHead(200, { "content-type": "text/event-stream", "cache-control": "no-cache", connection: "keep-alive" });
      res.flushHeaders();
      if (plan.kind === "hang") {
        for (const t of plan.tokens ?? []) res.write(chunk(t));
        return;
      }
      if (plan.kind === "malformed") {
        for (const t of plan.tokens) res.write(chunk(t));
        end("data: {this is not json\n\n");
        return;
      }
      // Token i is due at ttft + i × every. One timer at a time, each set when the last one ran:
      // timers of different lengths that are all due after a stalled loop can run out of order.
      const ttft = plan.ttftMs ?? 0;
      const every = plan.tokenIntervalMs ?? 0;
      const { tokens } = plan;
      const startedAt = performance.now();
      const next = (i: number) => {
        if (i < tokens.length) res.write(chunk(tokens[i]!));
        if (i >= tokens.length - 1) return end(`${chunk(null, "stop")}data: [DONE]\n\n`);
        timer = setTimeout(() => next(i + 1), Math.max(0, startedAt + ttft + (i + 1) * every - performance.now()));
      };
      timer = setTimeout(() => next(0), ttft);
    });
  });
  // Idle connections stay open as a hosted provider keeps them: with Node's 5 s, a client
  // reusing one just as the server closes it fails its request ("other side closed").
  server.keepAliveTimeout = 120_000;
  await new Promise<void>((resolve) => server.listen(0, opts.host ?? "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}/v1`,
    requests,
    behave(b) {
      behaviour = b;
    },
    waitForAbort(req, ms = 5000) {
      if (req.aborted) return Promise.resolve();
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error("the provider request was never aborted")), ms);
        abortWaiters.set(req, () => {
          clearTimeout(timer);
          resolve();
        });
      });
    },
    close() {
      server.closeAllConnections();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}
