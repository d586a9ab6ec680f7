import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import type { TPaidPlanId } from "@coderoom/shared/constants/plans";
import { loadingMessages } from "@coderoom/shared/messages";
import type { TApiKey, TCheckoutSuccess, TPayment, TPaymentSummary } from "@coderoom/shared/schemas/payments";
import { api } from "../../../lib/http";

export const paymentKeys = {
  history: ["payments", "history"] as const,
  all: (start: number, limit: number) => ["payments", "all", start, limit] as const,
};

/** GET /payments/apikey: the public key and which checkout to open (Razorpay or Test mode). */
export async function getPaymentKey(): Promise<TApiKey | null> {
  const res = await api<TApiKey>("/payments/apikey", { toastSuccess: false });
  return res.data?.key ? res.data : null;
}

/** GET /payments/buy/:plan: the provider subscription id the checkout pays. */
export async function buyPlan(plan: TPaidPlanId): Promise<string | null> {
  const res = await api<{ id: string }>(`/payments/buy/${plan}`, { toastSuccess: false });
  return res.data?.id || null;
}

/** POST /payments/verify with the checkout's result; amount and plan are only cross-checked by the server. */
export async function verifyPayment(result: TCheckoutSuccess, plan: TPaidPlanId, amount: number): Promise<boolean> {
  const res = await api<null>("/payments/verify", {
    method: "POST",
    body: { ...result, amount, plan },
    loading: loadingMessages.verifySubscription,
    toastSuccess: false,
  });
  return res.success;
}

/** Test mode's checkout buttons. */
export async function testCheckoutPay(subscriptionId: string): Promise<TCheckoutSuccess> {
  const res = await api<TCheckoutSuccess>("/payments/test-checkout/pay", { method: "POST", body: { subscription_id: subscriptionId }, toastSuccess: false });
  return res.data;
}
export async function testCheckoutDecline(subscriptionId: string): Promise<void> {
  await api<null>("/payments/test-checkout/decline", { method: "POST", body: { subscription_id: subscriptionId }, toastSuccess: false });
}

/** GET /payments/history: the caller's payments, newest first. */
export const paymentHistoryQuery = () =>
  queryOptions({
    queryKey: paymentKeys.history,
    queryFn: async ({ client }) => {
      const quiet = client.getQueryData(paymentKeys.history) !== undefined;
      return (await api<TPayment[]>("/payments/history", { loading: quiet ? undefined : loadingMessages.getPaymentHistory })).data;
    },
  });
export const usePaymentHistory = () => useQuery(paymentHistoryQuery());

/** POST /payments/all: one page of every payment plus the totals (admins). Failures are only logged (spec §8). */
export const allPaymentsQuery = (start: number, limit: number) =>
  queryOptions({
    queryKey: paymentKeys.all(start, limit),
    queryFn: async () => {
      try {
        return (
          await api<TPaymentSummary>("/payments/all", { method: "POST", body: { start, limit }, loading: loadingMessages.getPayments, toastError: false })
        ).data;
      } catch (err) {
        console.warn("Payments fetch failed:", (err as Error).message);
        throw err;
      }
    },
    placeholderData: keepPreviousData,
    retry: false,
  });
export const useAllPayments = (start: number, limit: number) => useQuery(allPaymentsQuery(start, limit));
