import fs from "node:fs";
import path from "node:path";
import { migrationsDir } from "../paths";
import type { DbHandle } from "./client";

// One number for every CodeRoom process: several servers starting at once migrate in turn.
const MIGRATION_LOCK_ID = 72_610_001;

/**
 * Applies the committed SQL files of apps/server/migrations in name order, each in
 * its own transaction, skipping those already recorded in schema_migrations.
 * Returns the names it applied.
 */
export async function migrate(handle: DbHandle, dir = migrationsDir): Promise<string[]> {
  const files = fs
    .readdirSync(dir)
    .filter((f) => f.endsWith(".sql"))
    .sort();
  return handle.exclusive(MIGRATION_LOCK_ID, async (conn) => {
    await conn.exec(
      "CREATE TABLE IF NOT EXISTS schema_migrations (name text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())",
    );
    const applied = new Set((await conn.rows<{ name: string }>("SELECT name FROM schema_migrations")).map((r) => r.name));
    const pending = files.filter((f) => !applied.has(f));
    for (const file of pending) {
      const sql = fs.readFileSync(path.join(dir, file), "utf8");
      try {
        await conn.exec(`BEGIN;\n${sql}\n;\nINSERT INTO schema_migrations (name) VALUES ('${file.replace(/'/g, "''")}');\nCOMMIT;`);
      } catch (err) {
        await conn.exec("ROLLBACK").catch(() => {});
        throw new Error(`Migration ${file} failed: ${(err as Error).message}`);
      }
    }
    return pending;
  });
}

/**
 * The server's start: migrates, and when that applied any migration, serves the embedded
 * database from a new process. Running them (DDL) leaves its process tens of MB bigger
 * for good, memory its engine took to compile and run that code and keeps; a database's
 * first start applies them all, a later start none, and renews nothing.
 */
export async function migrateForServing(handle: DbHandle): Promise<string[]> {
  const applied = await migrate(handle);
  if (applied.length > 0) await handle.renewProcess?.();
  return applied;
}
