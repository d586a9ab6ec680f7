import fs from "node:fs";
import os from "node:os";
import path from "node:path";
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
import { LiveCodeSlot } from "../src/modules/versions/live-code";
import { freshDatabase } from "./test-services";

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
  const database = await freshDatabase("coderoom_test");
  const handle = await openDb({ url: database.url });
  return {
    ...handle,
    close: async () => {
      await handle.close();
      await database.drop();
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
 * Builds the real app in-process on a fresh database (or `opts.db`, another app's, left
 * open at close: a second process of one deployment), with a temp DATA_DIR of its own, a
 * capturing mailer, a settable clock and cheap password hashing (SCRYPT_LOG_N=12).
 */
export async function createTestApp(env: Record<string, string> = {}, opts: { db?: DbHandle } = {}): Promise<TestContext> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "coderoom-test-"));
  const config = loadConfig({ LOG_LEVEL: "silent", SCRYPT_LOG_N: "12", NODE_ENV: "test", DATA_DIR: dataDir, ...env });
  const db = opts.db ?? (await createTestDb());
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
    liveCode: new LiveCodeSlot(),
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
      if (!opts.db) await db.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
