import { limits } from "./constants/limits";

/** Every user-facing text of spec §5, §8 and §9, defined once for server and web. */
export const validationMessages = {
  emailRequired: "Email is required",
  emailInvalid: "Invalid email format",
  emailInvalidAddress: "Invalid email address",
  passwordRequired: "Password is required",
  passwordMin: "Password must be at least 8 characters",
  passwordShape: "Must include uppercase, number, and special character",
  passwordShapeStrict: "Must contain uppercase, lowercase, number, and special character",
  currentPasswordRequired: "Current password is required",
  currentPasswordForEmail: "Enter your current password to change your email",
  newPasswordRequired: "New password is required",
  newPasswordSame: "New password must be different from current password",
  confirmRequired: "Please confirm your password",
  confirmMismatch: "Passwords do not match",
  fullNameRequired: "Full name is required",
  fullNameMin: "Name must be at least 2 characters",
  avatarRequired: "Profile picture is required",
  avatarType: "Only JPG, JPEG, PNG, WEBP or SVG images are allowed",
  avatarTooLarge: "Profile picture must be at most 5 MB",
  messageRequired: "Message is required",
  messageMin: "Message must be at least 10 characters",
  messageMax: "Message is too long",
  controlCharacters: "Must not contain control characters (such as NUL or escape codes)",
  codeNul: "Code must not contain NUL characters (\\0)",
} as const;

export const toastMessages = {
  genericError: "An error occurred",
  unexpectedError: "An unexpected error occurred",
  noAccess: "You don't have access to this page!",
  alreadyInRoom: "You are already in this room!",
  kicked: "You’ve been kicked out from the room!",
  somethingWrong: "Something went wrong",
  alreadyBasic: "Already subscribed to Basic plan",
  alreadyPro: "Already subscribed to Pro plan",
  codeSaved: "Code saved successfully!",
  roomUpdated: "Room details updated successfully!",
  linkCopied: "Link copied to clipboard!",
  registered: "User registered successfully!",
  loginRequired: "Please log in to continue",
} as const;

/** Code execution's set-up as the dashboard tells it (issue 42): admins get commands, others a short note. */
export const executionSetupMessages = {
  listed: "Code execution set-up fetched successfully",
  unavailable: "Running code is not available on this server yet. Please ask its administrator.",
} as const;

/** Server answers of the rooms API (spec §7, §8): success toasts and failure messages. */
export const roomMessages = {
  languagesListed: "Languages fetched successfully",
  roomsListed: "Rooms fetched successfully",
  created: "Room created successfully",
  joined: "Room joined successfully",
  settingsUpdated: toastMessages.roomUpdated,
  codeSaved: toastMessages.codeSaved,
  deleted: "Room deleted successfully",
  removedFromList: "Room removed from your list",
  notFound: "Room not found",
  noAccess: "You don't have access to this room",
  ownerOnlyUpdate: "Only the room owner can change this room",
  ownerOnlyDelete: "Only the room owner can delete this room",
  languageUnknown: "This language is not available. Choose one from the list.",
  /** A user the owner removed (kicked) opens the room again (issue 42). */
  removedByOwner: "You were removed from this room by its owner",
  cannotRemoveOwner: "The room owner cannot be removed from their own room",
  removedUsersListed: "Removed users fetched successfully",
  letBackIn: "They can join this room again",
  codeTooLarge: `Code must be at most ${limits.codeMaxBytes / 1024} KB`,
  /** Name of the version a "Save Code" stores. */
  savedVersionName: "Saved code",
  /** Free-plan room limit (spec §9), naming the limit and the way out. */
  roomLimit: (max: number) =>
    `The Free plan lets you own up to ${max} rooms. Delete a room or upgrade to Basic or Pro for unlimited rooms.`,
} as const;

/** Refusals and notices of the realtime playground (`/editor` and `/collab`). */
export const realtimeMessages = {
  notJoined: "Join the room first",
  readOnly: "Only the owner can edit the code in this room",
  alreadyInRoom: toastMessages.alreadyInRoom,
  ownerOnlyKick: "Only the room owner can remove people",
  cannotKickSelf: "You cannot remove yourself from your own room",
  userNotInRoom: "This person is not in the room",
  ownerOnlySettings: "Only the room owner can change the room settings",
  noRunInProgress: "No run is in progress in this room",
  stopNotAllowed: "Only the person who started the run or the owner can stop it",
  rateLimited: "Too many messages; slow down",
  /** A change that would make the room's code longer than the server's cap (it was not applied). */
  documentTooLarge: (maxChars: number) =>
    `The code can be at most ${maxChars.toLocaleString("en-US")} characters; your last change was not applied`,
  invalidPayload: "Invalid message",
  internal: "Something went wrong",
  versionNotFound: "Version not found",
  versionSaved: "Version saved",
  versionRestored: "Version restored",
  versionsListed: "Versions fetched successfully",
  versionFetched: "Version fetched successfully",
} as const;

/** Loading-toast texts of spec §7, keyed by call. */
export const loadingMessages = {
  getRooms: "Getting rooms...",
  createRoom: "Creating room...",
  joinRoom: "Joining room...",
  updateRoom: "Updating room...",
  deleteRoom: "Deleting room...",
  runCode: "Running code...",
  signUp: "Signing up...",
  uploadAvatar: "Uploading avatar...",
  logIn: "Logging in...",
  logOut: "Logging out...",
  fetchProfile: "Fetching user profile...",
  updateProfile: "Updating profile...",
  changePassword: "Changing password...",
  forgotPassword: "Sending reset password email...",
  resetPassword: "Resetting password...",
  sendMessage: "Sending message...",
  getPayments: "Getting payments...",
  getPaymentHistory: "Getting payment history...",
  verifySubscription: "Verifying subscription...",
  cancelSubscription: "Cancelling subscription...",
} as const;

/** The room assistant's answers and refusals (issue 9). */
export const assistantMessages = {
  notConfigured:
    "The AI assistant is not configured on this server. An operator turns it on by setting AI_BASE_URL, AI_API_KEY and AI_MODEL (any OpenAI-compatible API) and restarting.",
  questionEmpty: "Type a question for the assistant",
  questionTooLong: (max: number) => `Questions must be at most ${max} characters`,
  inProgress: "The assistant is still answering your previous question. Wait for it or press Stop.",
  roomRateLimited: "This room is asking the assistant too often. Please wait a minute and try again.",
  unavailable: "The assistant cannot take questions right now. Please try again in a moment.",
  providerAuth: "The AI provider refused the server's key. Ask the operator to check AI_API_KEY. Your question was not counted.",
  providerRateLimited: "The AI provider is busy (rate limited). Please try again in a moment. Your question was not counted.",
  providerFailed: "The AI provider could not answer. Please try again. Your question was not counted.",
  providerTimeout: "The AI provider took too long to answer. Please try again. Your question was not counted.",
  answerNotFound: "That answer is no longer in this room's conversation",
  applyForbidden: "You have view-only access in this room, so you cannot apply code. Ask the owner for edit access.",
  notMember: "Join the room before using its assistant",
  /** 429 text: the plan's daily limit, when it resets and the way out (spec §9). */
  quotaExceeded: (plan: "free" | "basic", limit: number, resetsIn: string) =>
    `You have used all ${limit} AI interactions of the ${plan === "basic" ? "Basic" : "Free"} plan today. ` +
    `They reset at midnight India time (in ${resetsIn}). ` +
    (plan === "basic" ? "Upgrade to Pro for unlimited AI." : "Upgrade to Basic for 25 a day or to Pro for unlimited AI."),
} as const;

/** Texts of the playground (spec §4 In the room); kept here so server and client agree. */
export const playgroundMessages = {
  userJoined: (name: string) => `${name} joined the room!`,
  userLeft: (name: string) => `${name} left the room!`,
  roomDeleted: "This room was deleted by its owner.",
  ownerOnlySave: "Owner only can save code",
  reconnecting: "Reconnecting…",
  terminalPlaceholder: "Run code to see output...",
  stdinPlaceholder: "For multiple inputs, use a new line",
} as const;

/** Plans and payments (issue 8): server answers and the web app's texts. */
export const paymentMessages = {
  apiKey: "Payment key fetched",
  subscriptionCreated: "Subscription created",
  verified: "Payment verified successfully. Your plan is active",
  alreadyVerified: "Payment already verified",
  cancelled: (until: string) => `Subscription cancelled. Your plan stays active until ${until}`,
  history: "Payment history fetched successfully",
  all: "Payments fetched successfully",
  webhookHandled: "Webhook handled",
  webhookDuplicate: "Webhook already handled",
  signatureInvalid: "Payment verification failed: invalid signature",
  mismatch: "Payment verification failed: amount or plan does not match the subscription",
  subscriptionUnknown: "Payment verification failed: unknown subscription",
  noSubscription: "You have no active subscription to cancel",
  guestCannotBuy: "Guest accounts cannot subscribe. Sign up to choose a plan",
  adminHasAll: "Admins already have every feature",
  providerUnavailable: "The payment provider could not be reached. You have not been charged; please try again later",
  testModeOnly: "The test checkout is only available in test mode",
  declined: "Payment declined",
  webhookSignatureInvalid: "Invalid webhook signature",
} as const;
