import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { hasZodFastifySchemaValidationErrors } from "fastify-type-provider-zod";
import type { TErrorCode } from "@coderoom/shared/error-codes";
import { AppError } from "./errors";
import { scrubUrl } from "./logger";

interface Failure {
  status: number;
  code: TErrorCode;
  message: string;
}

const fastifyCodes: Record<string, Failure> = {
  FST_ERR_CTP_INVALID_JSON_BODY: { status: 400, code: "invalid_json", message: "The request body is not valid JSON" },
  FST_ERR_CTP_EMPTY_JSON_BODY: { status: 400, code: "invalid_json", message: "The request body is empty" },
  FST_ERR_CTP_BODY_TOO_LARGE: { status: 413, code: "payload_too_large", message: "The request is too large" },
  FST_REQ_FILE_TOO_LARGE: { status: 413, code: "payload_too_large", message: "The file is too large" },
  FST_FILES_LIMIT: { status: 413, code: "payload_too_large", message: "Too many files" },
  FST_PARTS_LIMIT: { status: 413, code: "payload_too_large", message: "Too many form fields" },
  FST_INVALID_MULTIPART_CONTENT_TYPE: {
    status: 400,
    code: "validation_failed",
    message: "Send the form as multipart/form-data",
  },
  FST_FIELDS_LIMIT: { status: 413, code: "payload_too_large", message: "Too many form fields" },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: { status: 415, code: "validation_failed", message: "Unsupported content type" },
  FST_ERR_BAD_URL: { status: 400, code: "validation_failed", message: "The URL is malformed" },
  FST_ERR_MAX_PARAM_LENGTH: { status: 414, code: "validation_failed", message: "The URL is too long" },
};

/** Maps any thrown error to the failure envelope; 5xx never show internals. */
export function toFailure(err: FastifyError | AppError | Error): Failure {
  if (err instanceof AppError) return { status: err.statusCode, code: err.code, message: err.message };
  if (hasZodFastifySchemaValidationErrors(err)) {
    const first = err.validation[0];
    return { status: 400, code: "validation_failed", message: first?.message ?? "Invalid request" };
  }
  const code = (err as FastifyError).code;
  if (code && fastifyCodes[code]) return fastifyCodes[code];
  const status = (err as FastifyError).statusCode;
  if (status && status >= 400 && status < 500) {
    return { status, code: status === 429 ? "rate_limited" : "validation_failed", message: err.message };
  }
  return { status: 500, code: "internal_error", message: "Something went wrong on our side. Please try again." };
}

/** Answers with the failure envelope; also used for Fastify's `frameworkErrors`, which bypass the error handler. */
export function sendFailure(err: FastifyError | Error, request: FastifyRequest, reply: FastifyReply): FastifyReply {
  const failure = toFailure(err);
  if (err instanceof AppError && err.retryAfterSeconds) reply.header("retry-after", String(err.retryAfterSeconds));
  if (failure.status >= 500) request.log.error({ err }, "request failed");
  // Messages may quote the URL (route_not_found), which for a reset link holds its token.
  else request.log.info({ code: failure.code, status: failure.status }, scrubUrl(failure.message));
  return reply.status(failure.status).send({ success: false, message: failure.message, code: failure.code });
}

/** Routes every error thrown by a hook or handler through `sendFailure`. */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler(sendFailure);
}
