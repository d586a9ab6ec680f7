import fs from "node:fs";
import { PGlite } from "@electric-sql/pglite";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import pg from "pg";
import { acquireDataDirLock, type DataDirLock } from "./data-dir-lock";
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
  dataDirLock?: DataDirLock;
}

/**
 * Opens PostgreSQL when a URL is given, otherwise embedded PGlite stored in
 * `pgliteDir` (or in memory when it is "memory").
 */
export async function openDb(opts: { url?: string; pgliteDir?: string }): Promise<DbHandle> {
  if (opts.url) {
    const pool = new pg.Pool({ connectionString: opts.url, max: 10 });
    pool.on("error", () => {
      // An idle client lost its connection; the pool replaces it on the next query.
    });
    return {
      db: drizzlePg(pool, { schema }) as unknown as Db,
      kind: "postgres",
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
  const dir = opts.pgliteDir ?? "memory";
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
