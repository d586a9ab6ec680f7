import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createChatProvider, ProviderFailure, type ChatProvider, type ProviderConfig } from "./chat-provider";
import { startFakeOpenAI, toTokens, type FakeOpenAI } from "../../../test/fake-openai-server";

// The openai SDK's streaming as the assistant relies on it, over real HTTP (the SDK's own
// fetch) against a local OpenAI-compatible server: these fail if an SDK update changes
// what we read (pieces of text as they come, errors by status, a quiet end on abort).
let fake: FakeOpenAI;
let config: ProviderConfig;
let provider: ChatProvider;
beforeAll(async () => {
  fake = await startFakeOpenAI();
  config = { AI_BASE_URL: fake.url, AI_API_KEY: "sk-provider", AI_MODEL: "fake-model", AI_TIMEOUT_MS: 800, AI_MAX_OUTPUT_TOKENS: 64 };
  provider = createChatProvider(config)!;
});
afterAll(() => fake?.close());

const ask = (signal = new AbortController().signal) => provider.stream({ messages: [{ role: "user", content: "hi" }], signal });
async function collect(): Promise<string[] | ProviderFailure> {
  const out: string[] = [];
  try {
    for await (const text of ask()) out.push(text);
    return out;
  } catch (err) {
    return err as ProviderFailure;
  }
}

describe("the chat provider over the openai SDK", () => {
  it("is off without a base URL or model", () => {
    expect(createChatProvider({ ...config, AI_BASE_URL: undefined })).toBeNull();
    expect(createChatProvider({ ...config, AI_MODEL: undefined })).toBeNull();
  });

  it("yields each streamed piece as it comes, and sends the model, messages, limit and key", async () => {
    fake.behave({ kind: "stream", tokens: toTokens("one two three four") });
    expect(await collect()).toEqual(["one", " two", " three", " four"]);
    const req = fake.requests.at(-1)!;
    expect(req.authorization).toBe("Bearer sk-provider");
    expect(req.body).toMatchObject({ model: "fake-model", stream: true, max_tokens: 64, messages: [{ role: "user", content: "hi" }] });
  });

  it("gives the first piece before the provider has finished", async () => {
    fake.behave({ kind: "stream", tokens: ["first", " second"], tokenIntervalMs: 300 });
    const pieces = ask()[Symbol.asyncIterator]();
    expect(await pieces.next()).toEqual({ done: false, value: "first" });
    expect(fake.requests.at(-1)!.finished).toBe(false);
    await pieces.return!(undefined);
  });

  it.each([
    [401, /refused the server's key/],
    [429, /rate limited/],
    [500, /could not answer/],
  ])("fails an HTTP %i with a ProviderFailure that says so", async (status, message) => {
    fake.behave({ kind: "status", status });
    const failure = await collect();
    expect(failure).toBeInstanceOf(ProviderFailure);
    expect((failure as ProviderFailure).code).toBe("ai_provider_failed");
    expect((failure as ProviderFailure).message).toMatch(message);
    expect((failure as ProviderFailure).detail).toContain(String(status));
  });

  it("fails a malformed stream after the pieces that came", async () => {
    fake.behave({ kind: "malformed", tokens: ["Half an "] });
    const got: string[] = [];
    const failure = await (async () => {
      for await (const text of ask()) got.push(text);
    })().catch((err: unknown) => err);
    expect(got).toEqual(["Half an "]);
    expect(failure).toBeInstanceOf(ProviderFailure);
  });

  it("times out a stream that stalls after its first piece", async () => {
    fake.behave({ kind: "hang", tokens: ["Partial"] });
    const failure = await collect();
    expect(failure).toBeInstanceOf(ProviderFailure);
    expect((failure as ProviderFailure).code).toBe("ai_provider_timeout");
  });

  it("ends quietly on abort mid-answer, and the abort closes the HTTP request", async () => {
    fake.behave({ kind: "stream", tokens: toTokens("a b c d e f g h"), tokenIntervalMs: 100 });
    const controller = new AbortController();
    const got: string[] = [];
    for await (const text of ask(controller.signal)) {
      got.push(text);
      controller.abort();
    }
    expect(got).toEqual(["a"]);
    await fake.waitForAbort(fake.requests.at(-1)!);
    expect(fake.requests.at(-1)!.aborted).toBe(true);
  });
});
