/** Numeric limits of spec §9 and our own documented bounds. */
export const limits = {
  emailMax: 254,
  emailLocalMax: 64,
  passwordMin: 8,
  passwordMax: 128,
  fullNameMin: 2,
  fullNameMax: 80,
  contactMessageMin: 10,
  contactMessageMax: 2000,
  avatarMaxBytes: 5 * 1024 * 1024,
  avatarSize: 500,
  roomIdLength: 6,
  roomNameMax: 50,
  codeMaxBytes: 512 * 1024,
  stdinMaxBytes: 64 * 1024,
  activeUsersShown: 5,
  analyticsPageSize: 10,
  typingStopMs: 500,
  copiedStateMs: 2000,
  fontSizes: { min: 10, max: 30, step: 2, default: 18 },
} as const;

/**
 * Avatar file types of the sign-up and edit-profile pickers: one list for both (issue 42; spec §5
 * gave each page its own). The server re-encodes every one of them to WebP.
 */
export const avatarTypes = ["image/jpeg", "image/png", "image/webp", "image/svg+xml"] as const;
