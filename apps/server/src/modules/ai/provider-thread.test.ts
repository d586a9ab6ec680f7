import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createChatProvider, ProviderFailure, type ChatProvider, type ProviderConfig } from "./chat-provider";
import { startFakeOpenAI, toTokens, type FakeBehaviour, type FakeOpenAI } from "../../../test/fake-openai-server";
import { createThreadedChatProvider } from "./provider-thread";

let fake: FakeOpenAI;
let config: ProviderConfig;
let threaded: ChatProvider;
beforeAll(async () => {
  fake = await startFakeOpenAI();
  config = { AI_BASE_URL: fake.url, AI_API_KEY: "sk-thread", AI_MODEL: "fake-model", AI_TIMEOUT_MS: 2000, AI_MAX_OUTPUT_TOKENS: 64 };
  threaded = createThreadedChatProvider(config)!;
});
afterAll(() => fake?.close());

const ask = (provider: ChatProvider, signal = new AbortController().signal) => provider.stream({ messages: [{ role: "user", content: "hi" }], signal });
async function collect(provider: ChatProvider): Promise<string[] | ProviderFailure> {
  const out: string[] = [];
  try {
    for await (const text of ask(provider)) out.push(text);
    return out;
  } catch (err) {
    return err as ProviderFailure;
  }
}

describe("the chat provider in its own thread", () => {
  it("is off without a base URL or model, like the provider itself", () => {
    expect(createThreadedChatProvider({ ...config, AI_BASE_URL: undefined })).toBeNull();
  });

  it("streams the same text as the SDK on this thread, with the key in the header", async () => {
    fake.behave({ kind: "stream", tokens: toTokens("one two three four") });
    const direct = await collect(createChatProvider(config)!);
    const viaThread = await collect(threaded);
    expect(direct).toEqual(["one", " two", " three", " four"]);
    // Pieces that come in one turn are joined: the same text.
    expect((viaThread as string[]).join("")).toBe("one two three four");
    expect(fake.requests.at(-1)!.authorization).toBe("Bearer sk-thread");
  });

  it("keeps pieces apart that come further apart than the thread's pace", async () => {
    fake.behave({ kind: "stream", tokens: toTokens("one two three"), tokenIntervalMs: 60 });
    expect(await collect(threaded)).toEqual(["one", " two", " three"]);
  });

  it("fails a 401 and a malformed stream with the same ProviderFailure as the SDK on this thread", async () => {
    const failures: FakeBehaviour[] = [{ kind: "status", status: 401 }, { kind: "malformed", tokens: ["a"] }];
    for (const behaviour of failures) {
      fake.behave(behaviour);
      const direct = await collect(createChatProvider(config)!);
      const viaThread = await collect(threaded);
      expect(viaThread).toBeInstanceOf(ProviderFailure);
      expect(direct).toBeInstanceOf(ProviderFailure);
      const [a, b] = [viaThread as ProviderFailure, direct as ProviderFailure];
      expect({ code: a.code, message: a.message }).toEqual({ code: b.code, message: b.message });
    }
  });

  it("ends quietly on a stop mid-answer, and the stop reaches the provider", async () => {
    fake.behave({ kind: "stream", tokens: toTokens("a b c d e f g h"), tokenIntervalMs: 100 });
    const controller = new AbortController();
    const got: string[] = [];
    for await (const text of ask(threaded, controller.signal)) {
      got.push(text);
      controller.abort();
    }
    expect(got).toEqual(["a"]);
    await fake.waitForAbort(fake.requests.at(-1)!);
    expect(fake.requests.at(-1)!.aborted).toBe(true);
  });

  it("answers several questions at once, each with its own text", async () => {
    fake.behave((req) => ({ kind: "stream", tokens: toTokens(`answer to ${req.body.messages[0]!.content}`), tokenIntervalMs: 5 }));
    const answers = await Promise.all(
      ["q1", "q2", "q3"].map(async (q) => {
        let text = "";
        for await (const piece of threaded.stream({ messages: [{ role: "user", content: q }], signal: new AbortController().signal })) text += piece;
        return text;
      }),
    );
    expect(answers).toEqual(["answer to q1", "answer to q2", "answer to q3"]);
  });

  it("fails the answers in flight when the thread dies, and starts a new thread for the next question", async () => {
    const crashing = createThreadedChatProvider(config, { workerUrl: new URL("../../../test/crashing-provider-worker.mjs", import.meta.url) })!;
    for (let question = 0; question < 2; question += 1) {
      const got: string[] = [];
      const failure = await (async () => {
        for await (const text of ask(crashing)) got.push(text);
      })().catch((err: unknown) => err);
      expect(got).toEqual(["partial"]);
      expect(failure).toBeInstanceOf(ProviderFailure);
      expect((failure as ProviderFailure).detail).toBe("provider thread exited (3)");
    }
  });
});
