import { fileURLToPath } from "node:url";
import path from "node:path";

/**
 * apps/server/, found the same way from src/paths.ts (tsx, vitest) and from the
 * bundled dist/main.js: both sit one folder below it.
 */
export const serverRoot = fileURLToPath(new URL("..", import.meta.url));
export const repoRoot = path.resolve(serverRoot, "../..");
export const migrationsDir = path.join(serverRoot, "migrations");
export const webDistDir = path.join(repoRoot, "apps/web/dist");
