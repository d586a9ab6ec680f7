import os from "node:os";
import path from "node:path";
import { z } from "zod";
import { repoRoot } from "./paths";

const csv = z
  .string()
  .default("")
  .transform((v) =>
    v
      .split(",")
      .map((s) => s.trim())
      .filter(Boolean),
  );
const bool = z
  .enum(["true", "false", "1", "0", ""])
  .default("false")
  .transform((v) => v === "true" || v === "1");
const optional = z
  .string()
  .optional()
  .transform((v) => (v ? v : undefined));

/**
 * Every environment variable the server reads, with its default. This is the only
 * module that touches process.env; the README's configuration table mirrors it.
 */
const zEnv = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default("0.0.0.0"),
  PUBLIC_URL: z.string().url().default("http://localhost:3000"),
  DATA_DIR: z.string().default("./data"),
  DATABASE_URL: optional,
  CORS_ORIGINS: csv,
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  TRUST_PROXY: bool,
  SESSION_TTL_DAYS: z.coerce.number().positive().default(30),
  GUEST_TTL_DAYS: z.coerce.number().positive().default(7),
  SCRYPT_LOG_N: z.coerce.number().int().min(10).max(20).default(17),
  SMTP_URL: optional,
  MAIL_FROM: z.string().default("CodeRoom <no-reply@coderoom.local>"),
  SUPPORT_EMAIL: z.string().email().default("support@coderoom.local"),
  EXECUTION_BACKEND: z.enum(["sandbox", "judge0"]).default("sandbox"),
  JUDGE0_URL: optional,
  JUDGE0_AUTH_HEADER: z.string().default("X-Auth-Token"),
  JUDGE0_AUTH_TOKEN: optional,
  /** First delay between polls of a Judge0 submission; later polls back off to 1 s. */
  JUDGE0_POLL_MS: z.coerce.number().int().positive().default(100),
  RUN_CONCURRENCY: z.coerce.number().int().positive().default(os.availableParallelism()),
  RUN_QUEUE_MAX: z.coerce.number().int().positive().default(100),
  RUN_CPU_SECONDS: z.coerce.number().positive().default(5),
  RUN_WALL_SECONDS: z.coerce.number().positive().default(10),
  RUN_MEMORY_MB: z.coerce.number().int().positive().default(256),
  RUN_MAX_PROCESSES: z.coerce.number().int().positive().default(64),
  RUN_OUTPUT_KB: z.coerce.number().int().positive().default(64),
  RUN_FILE_SIZE_KB: z.coerce.number().int().positive().default(1024),
  RUN_CPU_CORES: z.coerce.number().positive().default(1),
  RUN_COMPILE_CPU_SECONDS: z.coerce.number().positive().default(20),
  RUN_COMPILE_WALL_SECONDS: z.coerce.number().positive().default(30),
  RUN_COMPILE_MEMORY_MB: z.coerce.number().int().positive().default(1024),
  /** First of the unprivileged uids jobs run as (one per concurrent run, at least 16). */
  SANDBOX_UID: z.coerce.number().int().positive().default(61000),
  /** Host directory for run work dirs; on tmpfs by default. */
  SANDBOX_DIR: z.string().default("/dev/shm/coderoom"),
});

export type Config = ReturnType<typeof loadConfig>;

/** Parses the environment (or the given overrides) into a typed, documented config. */
export function loadConfig(env: Record<string, string | undefined> = process.env) {
  const parsed = zEnv.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join(".")}: ${i.message}`);
    throw new Error(`Invalid configuration:\n${lines.join("\n")}`);
  }
  const c = parsed.data;
  const dataDir = path.resolve(repoRoot, c.DATA_DIR);
  return {
    ...c,
    dataDir,
    uploadsDir: path.join(dataDir, "uploads"),
    outboxDir: path.join(dataDir, "outbox"),
    pgliteDir: path.join(dataDir, "db"),
    secureCookies: c.PUBLIC_URL.startsWith("https://"),
    publicOrigin: new URL(c.PUBLIC_URL).origin,
  };
}
