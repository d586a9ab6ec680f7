// Bundles the server into dist/main.js, its code runner into dist/runner.js and its AI provider thread into dist/ai-provider-worker.js; npm packages stay external, our workspace code is inlined.
import { build } from "esbuild";

await build({
  entryPoints: { main: "src/main.ts", runner: "src/runner/runner-main.ts", "ai-provider-worker": "src/modules/ai/provider-worker.ts" },
  outdir: "dist",
  bundle: true,
  platform: "node",
  format: "esm",
  target: "node20",
  sourcemap: true,
  logLevel: "warning",
  banner: { js: "import { createRequire } from 'node:module'; const require = createRequire(import.meta.url);" },
  plugins: [
    {
      name: "externalise-npm-packages",
      setup(b) {
        b.onResolve({ filter: /^[^./]/ }, (args) =>
          args.path.startsWith("@coderoom/") ? undefined : { path: args.path, external: true },
        );
      },
    },
  ],
});
