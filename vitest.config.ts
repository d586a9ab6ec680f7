import { defineConfig } from "vitest/config";

/** One project per layer; scripts/test.mjs runs them in turn and sums the counts. */
export default defineConfig({
  test: {
    projects: [
      {
        test: { name: "shared", root: "packages/shared", include: ["src/**/*.test.ts"], environment: "node" },
      },
      {
        test: {
          name: "server",
          root: "apps/server",
          include: ["src/**/*.test.ts", "test/**/*.test.ts"],
          environment: "node",
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      "apps/web/vitest.config.ts",
      {
        test: {
          name: "e2e",
          root: "e2e",
          include: ["**/*.test.ts"],
          exclude: ["node_modules/**"],
          environment: "node",
          testTimeout: 120_000,
          hookTimeout: 180_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
