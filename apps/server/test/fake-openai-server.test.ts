import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startFakeOpenAI, toTokens, type FakeOpenAI } from "./fake-openai-server";

/** Holds this thread (the fake's) for `ms`, as a loaded machine does now and then. */
const stall = (ms: number) => {
  const until = performance.now() + ms;
  while (performance.now() < until);
};

async function streamedText(url: string, question: string): Promise<string[]> {
  const res = await fetch(`${url}/chat/completions`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ model: "fake", stream: true, messages: [{ role: "user", content: question }] }),
  });
  const body = await res.text();
  return body
    .split("\n\n")
    .filter((line) => line.startsWith("data: {"))
    .map((line) => JSON.parse(line.slice("data: ".length)).choices[0].delta.content)
    .filter((piece): piece is string => typeof piece === "string");
}

describe("fake OpenAI server", () => {
  let fake: FakeOpenAI;
  beforeAll(async () => {
    fake = await startFakeOpenAI();
  });
  afterAll(() => fake.close());

  // Timers of different lengths that are all due when a stalled loop comes back can run out of
  // order: Node runs every due timer of one length before the next length. With a timer per
  // token, the second answer's last token (planned 100 ms out, in the list where the first
  // answer's last token is due sooner) overtook its second (50 ms). The second question
  // arrives 70 ms after the first, and the loop stalls just after its tokens were planned.
  it("streams every answer's tokens in order, even across a stalled event loop", async () => {
    let second: Promise<string[]> | undefined;
    fake.behave((req) => {
      if (fake.requests.length === 1) setTimeout(() => (second = streamedText(fake.url, "q2")), 70);
      else setImmediate(() => stall(150));
      return { kind: "stream", tokens: toTokens(`answer to ${req.body.messages[0]!.content}`), tokenIntervalMs: 50 };
    });
    const first = await streamedText(fake.url, "q1");
    const answers = [first, await second!];
    expect(answers.map((pieces) => pieces.join(""))).toEqual(["answer to q1", "answer to q2"]);
  });
});
