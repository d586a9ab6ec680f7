import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { buildApp } from "../src/app";
import { loadConfig } from "../src/config";
import { createCoordination } from "../src/coordination/create-coordination";
import { openDb, type DbHandle } from "../src/db/client";
import { migrate } from "../src/db/migrate";
import type { AppDeps } from "../src/deps";
import { createExecutionService } from "../src/execution/execution-service";
import { DomainEventBus } from "../src/events";
import type { App } from "../src/http/types";
import type { MailMessage } from "../src/modules/mail/mailer";

/**
 * A fresh, migrated database for one test file: in-memory PGlite by default, or a
 * new database on TEST_DATABASE_URL's server when TEST_DB=postgres (dropped on close).
 */
export async function createTestDb(): Promise<DbHandle> {
  const base = process.env.TEST_DATABASE_URL;
  if (process.env.TEST_DB !== "postgres" || !base) {
    const handle = await openDb({ pgliteDir: "memory" });
    await migrate(handle);
    return handle;
  }
  const name = `coderoom_test_${randomBytes(6).toString("hex")}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(base);
  url.pathname = `/${name}`;
  const handle = await openDb({ url: url.toString() });
  await migrate(handle);
  return {
    ...handle,
    close: async () => {
      await handle.close();
      const cleanup = new pg.Client({ connectionString: base });
      await cleanup.connect();
      await cleanup.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await cleanup.end();
    },
  };
}

export interface TestContext {
  app: App;
  deps: AppDeps;
  /** Every message the app "sent", newest last. */
  mails: MailMessage[];
  /** Moves the app's clock; `clock.set(date)` fixes it. */
  clock: { now: Date; set(date: Date | string): void; advance(ms: number): void };
  dataDir: string;
  close(): Promise<void>;
}

/**
 * Builds the real app in-process on a fresh database, with a temp DATA_DIR, a
 * capturing mailer, a settable clock and cheap password hashing (SCRYPT_LOG_N=12).
 */
export async function createTestApp(env: Record<string, string> = {}): Promise<TestContext> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "coderoom-test-"));
  const config = loadConfig({ LOG_LEVEL: "silent", SCRYPT_LOG_N: "12", NODE_ENV: "test", DATA_DIR: dataDir, ...env });
  const db = await createTestDb();
  const quiet = () => undefined;
  const execution = await createExecutionService(config, { info: quiet, warn: quiet, error: quiet });
  const mails: MailMessage[] = [];
  const clock = {
    now: new Date(),
    set(date: Date | string) {
      clock.now = new Date(date);
    },
    advance(ms: number) {
      clock.now = new Date(clock.now.getTime() + ms);
    },
  };
  const deps: AppDeps = {
    config,
    db,
    events: new DomainEventBus(),
    mailer: { send: async (m) => void mails.push(m) },
    now: () => clock.now,
    languages: execution.languages,
    execution,
    coordination: createCoordination(config, { error: quiet, warn: quiet }),
  };
  const app = await buildApp(deps, { webDir: path.join(dataDir, "no-web") });
  await app.ready();
  return {
    app,
    deps,
    mails,
    clock,
    dataDir,
    close: async () => {
      await app.close();
      await execution.close();
      await deps.coordination.close();
      await db.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
