// Bundles the server into dist/main.js, its code runner into dist/runner.js and its AI provider thread into dist/ai-provider-worker.js (bundle.mjs says how).
import { bundleServer } from "./bundle.mjs";

await bundleServer();
