import fs from "node:fs";
import { PGlite } from "@electric-sql/pglite";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import pg from "pg";
import { acquireDataDirLock, type DataDirLock } from "./data-dir-lock";
import { startPgliteChild, type PgliteChildLog } from "./pglite-child";
import * as schema from "./schema/index";

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

/** Raw SQL on one connection: `exec` runs several statements, `rows` one query. */
export interface RawConnection {
  exec(sql: string): Promise<void>;
  rows<T>(sql: string): Promise<T[]>;
}

/** A database: Drizzle for queries, `exclusive` for raw SQL on one connection under a cluster-wide lock. */
export interface DbHandle {
  db: Db;
  kind: "pglite" | "postgres";
  exclusive<T>(lockId: number, fn: (conn: RawConnection) => Promise<T>): Promise<T>;
  close(): Promise<void>;
  /** The embedded database folder's owner lock (PGlite on disk only). */
  dataDirLock?: Pick<DataDirLock, "file" | "advertise">;
  /** Serves the embedded database from a new process (PGlite in its own process only). */
  renewProcess?(): Promise<void>;
}

/** node-postgres behind Drizzle: PostgreSQL itself, or the embedded database's process. */
function openPool(pool: pg.Pool, kind: DbHandle["kind"]): DbHandle {
  pool.on("error", () => {
    // An idle client lost its connection; the pool replaces it on the next query.
  });
  return {
    db: drizzlePg(pool, { schema }) as unknown as Db,
    kind,
    exclusive: async (lockId, fn) => {
      const client = await pool.connect();
      try {
        await client.query("SELECT pg_advisory_lock($1)", [lockId]);
        return await fn({
          exec: async (sql) => {
            await client.query(sql);
          },
          rows: async <T>(sql: string) => (await client.query(sql)).rows as T[],
        });
      } finally {
        await client.query("SELECT pg_advisory_unlock($1)", [lockId]).catch(() => {});
        client.release();
      }
    },
    close: () => pool.end(),
  };
}

/**
 * Opens PostgreSQL when a URL is given, otherwise embedded PGlite stored in `pgliteDir`,
 * run in a supervised process of its own and reached over the PostgreSQL protocol as
 * PostgreSQL is; "memory" (the tests) keeps a throwaway PGlite in this process.
 */
export async function openDb(opts: { url?: string; pgliteDir?: string; log?: PgliteChildLog }): Promise<DbHandle> {
  if (opts.url) return openPool(new pg.Pool({ connectionString: opts.url, max: 10 }), "postgres");
  if (!opts.pgliteDir || opts.pgliteDir === "memory") return openInProcessPglite("memory");
  const child = await startPgliteChild({ dir: opts.pgliteDir, log: opts.log });
  // PGlite is one session: one connection, whose checkout also queues callers' transactions.
  // Kept open while idle, since every new connection resets the session.
  const pool = new pg.Pool({ host: child.socketDir, user: "postgres", database: "postgres", max: 1, idleTimeoutMillis: 0 });
  const handle = openPool(pool, "pglite");
  return {
    ...handle,
    close: async () => {
      await handle.close();
      await child.stop();
    },
    dataDirLock: { file: child.lockFile, advertise: (adminSocket) => child.advertise(adminSocket) },
    renewProcess: async () => {
      // The pool's connection ends with the old process; once the pool has dropped it,
      // the next query connects to the new one.
      const dropped = pool.totalCount > 0 ? new Promise((resolve) => pool.once("remove", resolve)) : undefined;
      await child.renew();
      await dropped;
    },
  };
}

/**
 * PGlite inside this process: "memory" for the tests, or a folder (the benches' baseline).
 * Every query then runs on this process's event loop.
 */
export async function openInProcessPglite(dir: string): Promise<DbHandle> {
  // One process per folder: a second writer corrupts it (throws DataDirLockedError).
  const dataDirLock = dir === "memory" ? undefined : acquireDataDirLock(dir);
  let client: PGlite;
  try {
    if (dir !== "memory") fs.mkdirSync(dir, { recursive: true });
    client = dir === "memory" ? new PGlite() : new PGlite(dir);
    await client.waitReady;
  } catch (err) {
    dataDirLock?.release();
    throw err;
  }
  return {
    db: drizzlePglite(client, { schema }) as unknown as Db,
    kind: "pglite",
    // PGlite is a single connection owned by this process: nothing else can race us.
    exclusive: (_lockId, fn) =>
      fn({
        exec: async (sql) => {
          await client.exec(sql);
        },
        rows: async <T>(sql: string) => (await client.query<T>(sql)).rows,
      }),
    close: async () => {
      try {
        await client.close();
      } finally {
        dataDirLock?.release();
      }
    },
    dataDirLock,
  };
}
