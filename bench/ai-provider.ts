// Child process of ai.bench.ts: the fake OpenAI-compatible provider on its own, as a real
// provider is a service of its own (sharing the load generator's event loop, its fixed
// time-to-first-token would stretch with the clients' work). Behaviour from AI_FAKE_PLAN
// (JSON); prints one JSON line { url } when listening; stops on SIGTERM.
import { startFakeOpenAI, type FakeBehaviour } from "../apps/server/src/modules/ai/fake-openai-server";

const fake = await startFakeOpenAI();
fake.behave(JSON.parse(process.env.AI_FAKE_PLAN!) as FakeBehaviour);
console.log(JSON.stringify({ url: fake.url }));
process.on("SIGTERM", () => void fake.close().then(() => process.exit(0)));
