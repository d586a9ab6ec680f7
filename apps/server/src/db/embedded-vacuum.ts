import { repeatWhileOpen } from "../http/repeat-while-open";
import type { App } from "../http/types";
import type { DbHandle } from "./client";

/** How often tables are looked at (PostgreSQL's autovacuum_naptime). */
const EVERY_MS = 60_000;

/**
 * The tables whose size moved by more than a tenth (and a page) since their last VACUUM or
 * ANALYZE, or that never had one. PGlite keeps no activity counters (pg_stat_user_tables
 * stays at zero in its single-user backend), so the change is read from the table's pages.
 */
const CHANGED_TABLES = `
  SELECT c.relname AS name
  FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
  WHERE n.nspname = 'public' AND c.relkind = 'r'
    AND (c.reltuples < 0 OR abs(pg_relation_size(c.oid) / current_setting('block_size')::int - c.relpages) > 1 + c.relpages / 10)
  ORDER BY c.relname`;

/**
 * Does for embedded PGlite what PostgreSQL's autovacuum does by itself: PGlite runs none.
 * Without it the planner never gets statistics (the 1,000-room dashboard list, planned as if
 * every user had 5 rooms, took 14 ms instead of 8) and dead rows (compacted collaboration
 * logs, rewritten room code, usage counters) are never reclaimed, so the data folder only
 * grows. Each changed table gets one VACUUM (ANALYZE), one table per event-loop turn.
 * Returns the tables it did; on PostgreSQL it does nothing.
 */
export async function vacuumChangedTables(handle: Pick<DbHandle, "kind" | "exclusive">): Promise<string[]> {
  if (handle.kind !== "pglite") return [];
  const tables = await handle.exclusive(0, (conn) => conn.rows<{ name: string }>(CHANGED_TABLES));
  for (const { name } of tables) {
    await new Promise((resolve) => setImmediate(resolve));
    await handle.exclusive(0, (conn) => conn.exec(`VACUUM (ANALYZE) "${name.replaceAll('"', '""')}"`));
  }
  return tables.map((t) => t.name);
}

/** Looks every minute while the app is open. */
export function scheduleEmbeddedVacuum(app: App, handle: Pick<DbHandle, "kind" | "exclusive">): void {
  if (handle.kind !== "pglite") return;
  repeatWhileOpen(app, EVERY_MS, () => vacuumChangedTables(handle), (err) => app.log.error({ err }, "embedded database maintenance failed"));
}
