/**
 * A non-secret, script-readable cookie the server sets beside the httpOnly session
 * cookie (same lifetime) and clears at logout. It only tells the web app that a
 * session may exist, so a visitor's page load never asks for a profile it cannot have.
 */
export const SESSION_HINT_COOKIE = "coderoom_signed_in";
