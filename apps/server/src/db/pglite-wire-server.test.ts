import { createHash } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import pg from "pg";
import { afterAll, beforeAll, expect, it } from "vitest";
import { serveWire } from "./pglite-wire-server";

let dir: string;
let db: PGlite;
let server: { close(): Promise<void> };
let socketDir: string;

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "coderoom-wire-"));
  db = await PGlite.create();
  socketDir = dir;
  server = await serveWire(db, path.join(dir, ".s.PGSQL.5432"));
});

afterAll(async () => {
  await server.close();
  await db.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

// PGlite hands each piece of a result to its callback as a view of its own memory, which the
// next piece overwrites; a reply larger than the socket can take at once must still arrive intact.
it("delivers a result larger than the socket's buffers byte for byte", async () => {
  const client = new pg.Client({ host: socketDir, user: "postgres", database: "postgres" });
  await client.connect();
  try {
    const { rows } = await client.query<{ i: number; h: string }>("SELECT i, md5(i::text) AS h FROM generate_series(1, 100000) AS i");
    expect(rows).toHaveLength(100_000);
    const wrong = rows.filter((r, k) => r.i !== k + 1 || r.h !== createHash("md5").update(String(r.i)).digest("hex"));
    expect(wrong.slice(0, 3)).toEqual([]);
  } finally {
    await client.end();
  }
});
