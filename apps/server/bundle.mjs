// How the server is bundled, for build.mjs (dist/) and for the benches (which run the
// server as `npm start` does, not from source under tsx): the entry points below, npm
// packages left external, our workspace code inlined.
import { fileURLToPath } from "node:url";
import { build } from "esbuild";

/** The server, its code runner and its embedded database process: main.js finds the others beside it. */
export const serverEntryPoints = {
  main: "src/main.ts",
  runner: "src/runner/runner-main.ts",
  "pglite-process": "src/db/pglite-process.ts",
  "ai-provider-worker": "src/modules/ai/provider-worker.ts",
};

/**
 * Bundles `entryPoints` (paths relative to apps/server/) into `outdir`, which must sit
 * directly in apps/server/ as dist/ does: the server finds its migrations and the web app
 * from there.
 */
export async function bundleServer({ entryPoints = serverEntryPoints, outdir = "dist" } = {}) {
  await build({
    absWorkingDir: fileURLToPath(new URL(".", import.meta.url)),
    entryPoints,
    outdir,
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
}
