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
  "request_timeout",
  "headers_too_large",
  "malformed_request",
  "too_many_connections",
  // accounts
  "session_required",
  "invalid_credentials",
  "email_taken",
  "reset_token_invalid",
  "wrong_password",
  "current_password_required",
  "same_password",
  "unsupported_file_type",
  "file_required",
  "admin_only",
  // rooms
  "room_not_found",
  "room_forbidden",
  "room_limit_reached",
  "language_unknown",
  "removed_from_room",
  "cannot_remove_owner",
  // realtime playground
  "not_joined",
  "room_read_only",
  "already_in_room",
  "cannot_kick_self",
  "user_not_in_room",
  "no_run_in_progress",
  "version_not_found",
  // execution
  "run_quota_exceeded",
  "run_in_progress",
  "run_queue_full",
  "sandbox_unavailable",
  // AI assistant
  "ai_not_configured",
  "ai_question_invalid",
  "ai_quota_exceeded",
  "ai_in_progress",
  "ai_stopped",
  "ai_room_rate_limited",
  "ai_provider_failed",
  "ai_provider_timeout",
  "ai_answer_not_found",
  "ai_apply_forbidden",
  // payments
  "already_subscribed",
  "guest_cannot_subscribe",
  "payment_signature_invalid",
  "payment_mismatch",
  "subscription_not_found",
  "no_active_subscription",
  "payment_provider_unavailable",
  "webhook_signature_invalid",
  "test_mode_only",
] as const;
export type TErrorCode = (typeof errorCodes)[number];

/** The status our API uses for "not logged in / session invalid" (clients force a logout). */
export const SESSION_REQUIRED_STATUS = 455;
