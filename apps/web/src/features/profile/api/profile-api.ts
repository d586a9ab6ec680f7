import { loadingMessages } from "@coderoom/shared/messages";
import type { TUpdateProfileBody, TUserData } from "@coderoom/shared/schemas/users";
import { api } from "../../../lib/http";
import { refreshProfile } from "../../../lib/account";
import { setAuthFromResponse } from "../../../lib/auth-store";

/** PUT /users/update as multipart: fullName, email, and the avatar only when one was chosen. */
export async function updateProfile(body: TUpdateProfileBody, avatar: File | null): Promise<void> {
  const form = new FormData();
  form.append("fullName", body.fullName);
  form.append("email", body.email);
  if (avatar) form.append("avatar", avatar);
  setAuthFromResponse(
    await api<TUserData>("/users/update", { method: "PUT", body: form, loading: loadingMessages.updateProfile }),
  );
}

/** GET /payments/cancel, then re-fetch the user (spec §4 Subscription). */
export async function cancelSubscription(): Promise<void> {
  await api("/payments/cancel", { loading: loadingMessages.cancelSubscription });
  await refreshProfile({ quiet: true });
}
