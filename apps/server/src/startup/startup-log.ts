import { pino, type Logger } from "pino";
import type { Config } from "../config";

/**
 * The process logger: pino, like Fastify's request logs, at LOG_LEVEL, so every line the
 * server prints has one format and LOG_LEVEL=silent silences all of them.
 */
export function createProcessLogger(config: Pick<Config, "LOG_LEVEL">): Logger {
  return pino({ level: config.LOG_LEVEL });
}

/** Where this server keeps its data, for the start-up line. */
export function dataLocation(config: Pick<Config, "DATABASE_URL" | "SMTP_URL" | "pgliteDir" | "outboxDir">) {
  return {
    database: config.DATABASE_URL ? "PostgreSQL (DATABASE_URL)" : `embedded PostgreSQL (PGlite) in ${config.pgliteDir}`,
    uploads: "in the database",
    // Without SMTP_URL, mails are written here instead of sent.
    ...(config.SMTP_URL ? {} : { outbox: config.outboxDir }),
  };
}
