// Child process of ai.bench.ts: the fake OpenAI-compatible provider on its own, as a real
// provider is a service of its own (sharing the load generator's event loop, its fixed
// time-to-first-token would stretch with the clients' work). Behaviour from AI_FAKE_PLAN
// (JSON); prints one JSON line { url } when listening; on a line "burst" on stdin, prints
// { messages, spreadMs } of the requests since the last one (the last request's messages, and
// how long the burst's requests took to arrive, first to last) and forgets them; stops on SIGTERM.
import { createInterface } from "node:readline";
import { startFakeOpenAI, type FakeBehaviour } from "../apps/server/test/fake-openai-server";

const fake = await startFakeOpenAI();
fake.behave(JSON.parse(process.env.AI_FAKE_PLAN!) as FakeBehaviour);
createInterface({ input: process.stdin }).on("line", (line) => {
  if (line !== "burst") return;
  const { requests } = fake;
  const spreadMs = requests.length ? requests.at(-1)!.receivedAt - requests[0]!.receivedAt : 0;
  console.log(JSON.stringify({ messages: requests.at(-1)?.body.messages ?? null, spreadMs }));
  requests.length = 0;
});
console.log(JSON.stringify({ url: fake.url }));
process.on("SIGTERM", () => void fake.close().then(() => process.exit(0)));
