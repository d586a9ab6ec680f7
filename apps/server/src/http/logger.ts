import type { DestinationStream } from "pino";
import type { FastifyRequest } from "fastify";
import type { Config } from "../config";

/** Bounds how deep an error's `cause` chain is followed. */
const MAX_CAUSES = 5;
/** Values that must never reach a log line, whatever carried them there. */
const SECRET_SHAPES: [RegExp, string][] = [
  [/scrypt\$[^\s,"'\]]+/g, "[password hash]"],
  [/\b[0-9a-f]{64}\b/g, "[token hash]"],
];
/** Paths whose last segment is a secret (the reset link the e-mail carries). */
const SECRET_PATH = /(\/reset-?password\/)[^/?#]+/gi;
/** Query parameters that may carry credentials. */
const SECRET_QUERY = /([?&](?:[\w-]*token|[\w-]*secret|password|key|signature)=)[^&#]*/gi;

/** Removes secret-shaped values from free text (messages, stacks). */
export function scrubText(text: string): string {
  return SECRET_SHAPES.reduce((out, [shape, label]) => out.replace(shape, label), text);
}

/** A URL as it may be logged: reset tokens and credential-like query values replaced. */
export function scrubUrl(url: string): string {
  return url.replace(SECRET_PATH, "$1[redacted]").replace(SECRET_QUERY, "$1[redacted]");
}

type LoggedError = { type: string; message: string; stack: string; code?: string; statusCode?: number; cause?: LoggedError };

/**
 * Errors as they are logged: type, message, stack, code and cause only. Drizzle puts
 * a failed query's parameters (password hashes, tokens, e-mails) into its message and
 * a `params` field, and PostgreSQL puts the failing row into `detail`; neither is kept.
 */
export function serializeError(err: unknown, depth = 0): LoggedError {
  if (!(err instanceof Error)) return { type: typeof err, message: scrubText(String(err)), stack: "" };
  const e = err as Error & { code?: unknown; statusCode?: unknown; cause?: unknown; params?: unknown };
  const message = "params" in e ? e.message.split("\nparams:")[0]! : e.message;
  const out: LoggedError = {
    type: e.constructor?.name ?? "Error",
    message: scrubText(message),
    stack: scrubText((e.stack ?? "").replace(e.message, message)),
  };
  if (typeof e.code === "string") out.code = e.code;
  if (typeof e.statusCode === "number") out.statusCode = e.statusCode;
  if (e.cause !== undefined && depth < MAX_CAUSES) out.cause = serializeError(e.cause, depth + 1);
  return out;
}

/**
 * The server's pino options: our error and request serializers, and the session
 * cookie redacted wherever headers get logged. `stream` lets tests capture the log.
 */
export function loggerOptions(config: Config, stream?: DestinationStream) {
  return {
    level: config.LOG_LEVEL,
    ...(stream ? { stream } : {}),
    redact: ["req.headers.cookie", "req.headers.authorization", 'res.headers["set-cookie"]'],
    serializers: {
      err: serializeError,
      req: (req: FastifyRequest) => ({
        method: req.method,
        url: scrubUrl(req.url),
        host: req.host,
        remoteAddress: req.ip,
        remotePort: req.socket?.remotePort,
      }),
    },
  };
}
