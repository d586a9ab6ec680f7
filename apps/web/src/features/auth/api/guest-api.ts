import { useQuery } from "@tanstack/react-query";
import { loadingMessages } from "@coderoom/shared/messages";
import type { TRegisterBody, TUser } from "@coderoom/shared/schemas/users";
import { api } from "../../../lib/http";
import { setAuthFromResponse } from "../../../lib/auth-store";

/** GET /users/guest-policy: how many idle days a guest account (and its rooms) is kept. */
async function getGuestPolicy(): Promise<{ idleDays: number }> {
  return (await api<{ idleDays: number }>("/users/guest-policy", { toastError: false })).data;
}

/** The guest idle limit in days; undefined while loading or when the server cannot say. */
export function useGuestIdleDays(): number | undefined {
  return useQuery({ queryKey: ["guest-policy"], queryFn: getGuestPolicy, staleTime: Infinity }).data?.idleDays;
}

/** POST /users/upgrade-guest: the guest becomes a full account (same rooms) and is logged in as it. */
export async function upgradeGuest(body: TRegisterBody): Promise<TUser> {
  const res = await api<TUser>("/users/upgrade-guest", { method: "POST", body, loading: loadingMessages.signUp });
  setAuthFromResponse(res);
  return res.data;
}
