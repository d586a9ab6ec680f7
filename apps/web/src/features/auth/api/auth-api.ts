import toast from "react-hot-toast";
import { loadingMessages, toastMessages } from "@coderoom/shared/messages";
import type { TChangePasswordBody, TLoginBody, TRegisterBody, TUser } from "@coderoom/shared/schemas/users";
import { api, type Envelope } from "../../../lib/http";
import { refreshProfile } from "../../../lib/account";
import { setAuthFromResponse } from "../../../lib/auth-store";

/** POST /users/login; on success the auth store holds the user. */
export async function login(body: TLoginBody): Promise<void> {
  setAuthFromResponse(await api<TUser>("/users/login", { method: "POST", body, loading: loadingMessages.logIn }));
}

/** GET /users/guest-login; on success the auth store holds the guest. */
export async function guestLogin(): Promise<void> {
  setAuthFromResponse(await api<TUser>("/users/guest-login", { loading: loadingMessages.logIn }));
}

/** POST /users/avatar with the picture as multipart field `avatar`; toasts nothing itself. */
function uploadAvatar(file: File) {
  const form = new FormData();
  form.append("avatar", file);
  return api("/users/avatar", { method: "POST", body: form, toastError: false });
}

/**
 * Spec §4 registration sequence: register, upload the avatar, fetch the profile. One
 * loading toast covers the three calls and ends as "User registered successfully!"
 * (or as the failure). The account exists once register succeeds, so a failed upload
 * still logs the user in; only that failure gets a toast of its own.
 */
export async function registerWithAvatar(body: TRegisterBody, avatar: File): Promise<void> {
  const toastId = toast.loading(loadingMessages.signUp);
  let registered: Envelope<TUser>;
  try {
    registered = await api<TUser>("/users/register", { method: "POST", body, toastError: false });
  } catch (err) {
    toast.error((err as Error).message, { id: toastId });
    throw err;
  }
  await uploadAvatar(avatar).catch((err: Error) => toast.error(err.message));
  const profile = await refreshProfile({ quiet: true });
  if (!profile) setAuthFromResponse(registered);
  toast.success(toastMessages.registered, { id: toastId });
}

/** POST /users/forgot-password. */
export async function forgotPassword(email: string): Promise<void> {
  await api("/users/forgot-password", { method: "POST", body: { email }, loading: loadingMessages.forgotPassword });
}

/** POST /users/reset-password with the token from the link; `password` repeats newPassword (spec §7). */
export async function resetPassword(input: { resetToken: string; newPassword: string; confirmPassword: string }) {
  await api("/users/reset-password", {
    method: "POST",
    body: { ...input, password: input.newPassword },
    loading: loadingMessages.resetPassword,
  });
}

/** POST /users/change-password. */
export async function changePassword(body: TChangePasswordBody): Promise<void> {
  await api("/users/change-password", { method: "POST", body, loading: loadingMessages.changePassword });
}
