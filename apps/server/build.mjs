// Bundles the server into dist/main.js, its code runner into dist/runner.js and its embedded database process into dist/pglite-process.js (bundle.mjs says how).
import { bundleServer } from "./bundle.mjs";

await bundleServer();
