import type { TUser } from "@coderoom/shared/schemas/users";
import { setAuthFromResponse } from "../lib/auth-store";

/** A user as the API returns it, with overrides. */
export function makeUser(overrides: Partial<TUser> = {}): TUser {
  return {
    _id: "u1",
    fullName: "Ada Lovelace",
    email: "ada@example.com",
    role: "CODER",
    avatar: { secure_url: "/uploads/avatars/ada.webp" },
    subscription: { id: null, status: "inactive", plan: null, expiresOn: null },
    codeExecutionCount: 7,
    aiInteractionCount: 3,
    rooms: ["ABC123", "XYZ789"],
    createdAt: "2026-01-10T10:00:00.000Z",
    ...overrides,
  };
}

/** The `data` of a user endpoint for this user: the user object itself (issue 10 §1.1). */
export const userData = (user: TUser): TUser => user;

/** Puts a logged-in user into the auth store, as a login would. */
export function logIn(overrides: Partial<TUser> = {}): TUser {
  const user = makeUser(overrides);
  setAuthFromResponse({ success: true, data: userData(user) });
  return user;
}
