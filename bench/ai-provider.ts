// Child process of ai.bench.ts: the fake OpenAI-compatible provider on its own, as a real
// provider is a service of its own (sharing the load generator's event loop, its fixed
// time-to-first-token would stretch with the clients' work). Behaviour from AI_FAKE_PLAN
// (JSON); prints one JSON line { url } when listening; on a line "prompt" on stdin, prints the
// messages of the last request it was sent (and forgets the requests); stops on SIGTERM.
import { createInterface } from "node:readline";
import { startFakeOpenAI, type FakeBehaviour } from "../apps/server/src/modules/ai/fake-openai-server";

const fake = await startFakeOpenAI();
fake.behave(JSON.parse(process.env.AI_FAKE_PLAN!) as FakeBehaviour);
createInterface({ input: process.stdin }).on("line", (line) => {
  if (line !== "prompt") return;
  console.log(JSON.stringify(fake.requests.at(-1)?.body.messages ?? null));
  fake.requests.length = 0;
});
console.log(JSON.stringify({ url: fake.url }));
process.on("SIGTERM", () => void fake.close().then(() => process.exit(0)));
