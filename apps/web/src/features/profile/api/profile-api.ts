import { loadingMessages } from "@coderoom/shared/messages";
import type { TUpdateProfileBody, TUser } from "@coderoom/shared/schemas/users";
import { api } from "../../../lib/http";
import { refreshProfile } from "../../../lib/account";
import { setAuthFromResponse } from "../../../lib/auth-store";

/** PUT /users/update as multipart: fullName, email, the current password for a new e-mail, and the avatar if chosen. */
export async function updateProfile(body: TUpdateProfileBody, avatar: File | null): Promise<void> {
  const form = new FormData();
  form.append("fullName", body.fullName);
  form.append("email", body.email);
  if (body.currentPassword) form.append("currentPassword", body.currentPassword);
  if (avatar) form.append("avatar", avatar);
  setAuthFromResponse(
    await api<TUser>("/users/update", { method: "PUT", body: form, loading: loadingMessages.updateProfile }),
  );
}

/** GET /payments/cancel, then re-fetch the user (spec §4 Subscription). */
export async function cancelSubscription(): Promise<void> {
  await api("/payments/cancel", { loading: loadingMessages.cancelSubscription });
  await refreshProfile({ quiet: true });
}
