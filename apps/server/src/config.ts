import os from "node:os";
import { isIP } from "node:net";
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
/** `TRUST_PROXY`: trust no proxy, every hop (`true`), or the listed proxy addresses and CIDRs. */
export type TrustProxy = boolean | string[];

const KEYWORDS = new Set(["loopback", "linklocal", "uniquelocal"]);

/** True for an address, a CIDR (`10.0.0.0/8`, `fd00::/8`) or one of proxy-addr's names (loopback, linklocal, uniquelocal). */
export function isProxyAddress(value: string): boolean {
  if (KEYWORDS.has(value)) return true;
  const [addr, bits, ...rest] = value.split("/");
  if (rest.length > 0 || !addr || isIP(addr) === 0) return false;
  if (bits === undefined) return true;
  const max = isIP(addr) === 4 ? 32 : 128;
  return /^\d{1,3}$/.test(bits) && Number(bits) <= max;
}

/** `TRUST_PROXY`: true/false, or a comma-separated list of the proxies' addresses and CIDRs. */
const trustProxy = z
  .string()
  .default("false")
  .transform((v) => v.trim())
  .superRefine((v, ctx) => {
    if (["", "true", "false", "1", "0"].includes(v)) return;
    const bad = v.split(",").map((s) => s.trim()).filter((s) => !isProxyAddress(s));
    if (bad.length) ctx.addIssue({ code: "custom", message: `not an address or CIDR: ${bad.join(", ")}` });
  })
  .transform((v): TrustProxy => (v === "true" || v === "1" ? true : v === "" || v === "false" || v === "0" ? false : v.split(",").map((s) => s.trim())));
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
  /** Where users reach the server; default http://localhost:{PORT}. */
  PUBLIC_URL: z.string().url().optional(),
  /** Where the web app is served, for links in e-mails (reset password); default PUBLIC_URL. */
  WEB_URL: z.string().url().optional(),
  DATA_DIR: z.string().default("./data"),
  DATABASE_URL: optional,
  CORS_ORIGINS: csv,
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  /** Proxies whose X-Forwarded-For is believed: `true` trusts any hop (only when nothing reaches the server but the proxy). */
  TRUST_PROXY: trustProxy,
  /** A request's headers must arrive within this time (slowloris defence). */
  HTTP_HEADERS_TIMEOUT_MS: z.coerce.number().int().positive().default(10_000),
  /** A whole request, body included, must arrive within this time; a slower client gets 408 and is closed. */
  HTTP_REQUEST_TIMEOUT_MS: z.coerce.number().int().positive().default(60_000),
  /** A connection with no traffic at all for this long is closed (longer than any wait for a queued run). */
  HTTP_IDLE_TIMEOUT_MS: z.coerce.number().int().min(0).default(600_000),
  /** An idle keep-alive connection is closed after this time. */
  HTTP_KEEP_ALIVE_TIMEOUT_MS: z.coerce.number().int().positive().default(72_000),
  /** Open connections (HTTP and WebSocket together) one address may hold; 0 = no cap. Raise it for load tests. */
  MAX_CONNECTIONS_PER_IP: z.coerce.number().int().min(0).default(500),
  /** Largest room document, in characters (UTF-16 units): live edits, full-text saves and versions. Default = the 512 KB code cap. */
  COLLAB_MAX_DOC_CHARS: z.coerce.number().int().positive().default(524_288),
  /** Messages a second one `/collab` connection may send (burst: 5 s worth); a user's connections together, twice that. */
  COLLAB_MESSAGES_PER_SECOND: z.coerce.number().positive().default(120),
  /** Bytes a second one `/collab` connection may send (burst: 4 s worth, at least one largest message); a user's, twice that. */
  COLLAB_BYTES_PER_SECOND: z.coerce.number().int().positive().default(1024 * 1024),
  /** Addresses the connection cap skips: loopback, where a same-host reverse proxy (or a benchmark) connects from. */
  CONNECTION_LIMIT_EXEMPT_IPS: z
    .string()
    .default("127.0.0.1,::1,::ffff:127.0.0.1")
    .transform((v) =>
      v
        .split(",")
        .map((s) => s.trim())
        .filter(Boolean),
    ),
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
  /** Started as root, the web process runs as this unprivileged uid (and owns DATA_DIR); only the code runner keeps root. */
  WEB_UID: z.coerce.number().int().positive().default(60900),
  /** Redis for several server processes: Socket.IO streams adapter and the /collab Redis relay; unset = one process. */
  REDIS_URL: optional,
  /** Prefix of every Redis key and stream, so several deployments can share one Redis. */
  REDIS_PREFIX: z.string().regex(/^[\w.:-]{1,64}$/).default("coderoom"),
  /** A cluster-wide lock (a user's run, a room's run) held by a process that died is free again this long after its last renewal. */
  COORDINATION_LEASE_TTL_MS: z.coerce.number().int().min(1000).default(10_000),
  /** How often a live holder renews its locks (at most a third of the TTL is used). */
  COORDINATION_LEASE_RENEW_MS: z.coerce.number().int().positive().default(3_000),
  /** A Redis command for the limits that takes longer fails, and the run it guards is refused (503), instead of waiting out an outage. */
  COORDINATION_TIMEOUT_MS: z.coerce.number().int().positive().default(2_000),
  /** Bearer token `/metrics` asks for; unset, only a direct connection from this host may read it. */
  METRICS_TOKEN: optional,
  /** Razorpay is used when the keys, the webhook secret and both plan ids are set; else Test mode. */
  RAZORPAY_KEY_ID: optional,
  RAZORPAY_KEY_SECRET: optional,
  RAZORPAY_WEBHOOK_SECRET: optional,
  RAZORPAY_PLAN_ID_BASIC: optional,
  RAZORPAY_PLAN_ID_PRO: optional,
  /** Razorpay's API host; tests point it at a local fake. */
  RAZORPAY_API_URL: z.string().url().default("https://api.razorpay.com"),
  /** Test mode's signing secret (payments and webhooks); unset, each install makes its own in DATA_DIR. */
  PAYMENTS_TEST_SECRET: z.string().min(16).optional(),
  /** AI assistant: any OpenAI-compatible chat-completions API; off unless AI_BASE_URL and AI_MODEL are set. */
  AI_BASE_URL: optional,
  /** Sent only from the server to the provider, never to browsers; local servers (Ollama) accept any value. */
  AI_API_KEY: optional,
  AI_MODEL: optional,
  /** Longest answer, in tokens (the provider's `max_tokens`). */
  AI_MAX_OUTPUT_TOKENS: z.coerce.number().int().positive().default(1024),
  /** Longest wait for the first token, and between two chunks, before the answer fails with a timeout. */
  AI_TIMEOUT_MS: z.coerce.number().int().positive().default(30_000),
  /** Prompt budget in tokens (≈ 4 characters each): code around the selection, terminal and history are trimmed to it. */
  AI_CONTEXT_TOKENS: z.coerce.number().int().min(1000).default(6000),
  /** Questions a room may ask per minute, all users together. */
  AI_ROOM_QUESTIONS_PER_MINUTE: z.coerce.number().int().positive().default(12),
});

export type Config = ReturnType<typeof loadConfig>;

/** Parses the environment (or the given overrides) into a typed, documented config. */
export function loadConfig(env: Record<string, string | undefined> = process.env) {
  const parsed = zEnv.safeParse(env);
  if (parsed.success && parsed.data.HTTP_HEADERS_TIMEOUT_MS > parsed.data.HTTP_REQUEST_TIMEOUT_MS) {
    throw new Error("Invalid configuration:\n  HTTP_HEADERS_TIMEOUT_MS must not exceed HTTP_REQUEST_TIMEOUT_MS");
  }
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join(".")}: ${i.message}`);
    throw new Error(`Invalid configuration:\n${lines.join("\n")}`);
  }
  const c = parsed.data;
  const dataDir = path.resolve(repoRoot, c.DATA_DIR);
  // The default follows PORT, so `PORT=3917` alone still gives working links.
  const PUBLIC_URL = c.PUBLIC_URL ?? `http://localhost:${c.PORT}`;
  return {
    ...c,
    PUBLIC_URL,
    WEB_URL: c.WEB_URL ?? PUBLIC_URL,
    dataDir,
    /** Where earlier versions kept uploads; read once at start to move them into the database. */
    uploadsDir: path.join(dataDir, "uploads"),
    outboxDir: path.join(dataDir, "outbox"),
    pgliteDir: path.join(dataDir, "db"),
    secureCookies: PUBLIC_URL.startsWith("https://"),
    publicOrigin: new URL(PUBLIC_URL).origin,
  };
}
