/** Stable error codes carried in the failure envelope; clients branch on these, never on text. */
export const errorCodes = [
  // generic
  "validation_failed",
  "invalid_json",
  "payload_too_large",
  "not_found",
  "route_not_found",
  "forbidden",
  "cross_site_request",
  "rate_limited",
  "internal_error",
  "service_unavailable",
  // accounts
  "session_required",
  "invalid_credentials",
  "email_taken",
  "reset_token_invalid",
  "wrong_password",
  "same_password",
  "unsupported_file_type",
  "file_required",
  "admin_only",
  // rooms
  "room_not_found",
  "room_forbidden",
  "room_limit_reached",
  "language_unknown",
  // execution
  "run_quota_exceeded",
  "run_in_progress",
  "run_queue_full",
  "sandbox_unavailable",
] as const;
export type TErrorCode = (typeof errorCodes)[number];

/** The status our API uses for "not logged in / session invalid" (clients force a logout). */
export const SESSION_REQUIRED_STATUS = 455;
