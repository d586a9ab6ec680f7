import { SESSION_REQUIRED_STATUS, type TErrorCode } from "@coderoom/shared/error-codes";

/** An error meant for the client: its status, stable code and message are sent as they are. */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: TErrorCode,
    message: string,
    /** Seconds the client should wait before trying again (sent as Retry-After). */
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
    this.name = "AppError";
  }
}

export const badRequest = (code: TErrorCode, message: string) => new AppError(400, code, message);
export const sessionRequired = (message = "Please log in to continue") =>
  new AppError(SESSION_REQUIRED_STATUS, "session_required", message);
export const forbidden = (code: TErrorCode, message: string) => new AppError(403, code, message);
export const notFound = (code: TErrorCode, message: string) => new AppError(404, code, message);
export const conflict = (code: TErrorCode, message: string) => new AppError(409, code, message);
export const tooLarge = (message: string) => new AppError(413, "payload_too_large", message);
export const tooMany = (code: TErrorCode, message: string, retryAfterSeconds?: number) =>
  new AppError(429, code, message, retryAfterSeconds);
export const unavailable = (code: TErrorCode, message: string) => new AppError(503, code, message);
