import toast from "react-hot-toast";
import { loadingMessages, toastMessages } from "@coderoom/shared/messages";
import type { TChangePasswordBody, TLoginBody, TRegisterBody, TUserData } from "@coderoom/shared/schemas/users";
import { api } from "../../../lib/http";
import { refreshProfile } from "../../../lib/account";
import { setAuthFromResponse } from "../../../lib/auth-store";

/** POST /users/login; on success the auth store holds the user. */
export async function login(body: TLoginBody): Promise<void> {
  setAuthFromResponse(await api<TUserData>("/users/login", { method: "POST", body, loading: loadingMessages.logIn }));
}

/** GET /users/guest-login; on success the auth store holds the guest. */
export async function guestLogin(): Promise<void> {
  setAuthFromResponse(await api<TUserData>("/users/guest-login", { loading: loadingMessages.logIn }));
}

/** POST /users/avatar with the picture as multipart field `avatar`. */
export async function uploadAvatar(file: File): Promise<void> {
  const form = new FormData();
  form.append("avatar", file);
  await api("/users/avatar", { method: "POST", body: form, loading: loadingMessages.uploadAvatar, toastSuccess: false });
}

/**
 * Spec §4 registration sequence: register, upload the avatar, fetch the profile, then
 * "User registered successfully!". The account exists once register succeeds, so a
 * failed upload (already toasted) still logs the user in.
 */
export async function registerWithAvatar(body: TRegisterBody, avatar: File): Promise<void> {
  const registered = await api<TUserData>("/users/register", {
    method: "POST",
    body,
    loading: loadingMessages.signUp,
    toastSuccess: false,
  });
  await uploadAvatar(avatar).catch(() => undefined);
  const profile = await refreshProfile();
  if (!profile) setAuthFromResponse(registered);
  toast.success(toastMessages.registered);
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
