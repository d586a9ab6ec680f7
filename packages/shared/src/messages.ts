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
  newPasswordRequired: "New password is required",
  newPasswordSame: "New password must be different from current password",
  confirmRequired: "Please confirm your password",
  confirmMismatch: "Passwords do not match",
  fullNameRequired: "Full name is required",
  fullNameMin: "Name must be at least 2 characters",
  avatarRequired: "Profile picture is required",
  avatarTypeSignUp: "Only JPG, JPEG, PNG or SVG images are allowed",
  avatarTypeEdit: "Only JPG, JPEG, PNG or WEBP images are allowed",
  avatarTooLarge: "Profile picture must be at most 5 MB",
  messageRequired: "Message is required",
  messageMin: "Message must be at least 10 characters",
  messageMax: "Message is too long",
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
  codeTooLarge: `Code must be at most ${limits.codeMaxBytes / 1024} KB`,
  /** Free-plan room limit (spec §9), naming the limit and the way out. */
  roomLimit: (max: number) =>
    `The Free plan lets you own up to ${max} rooms. Delete a room or upgrade to Basic or Pro for unlimited rooms.`,
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
