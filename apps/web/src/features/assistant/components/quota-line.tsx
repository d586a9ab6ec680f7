import type { TAssistantQuota } from "@coderoom/shared/schemas/assistant";

/** "3 of 5 left today" (or "Unlimited today"), with the reset time in the tooltip. */
export function QuotaLine({ quota }: { quota: TAssistantQuota | null }) {
  if (!quota) return null;
  const reset = new Date(quota.resetAt).toLocaleTimeString("en-IN", { timeZone: "Asia/Kolkata", hour: "2-digit", minute: "2-digit", hour12: false });
  const text = quota.limit === null ? "Unlimited today" : `${Math.max(0, quota.limit - quota.used)} of ${quota.limit} left today`;
  return (
    <span className="text-xs text-slate-400" data-testid="assistant-quota" title={`Resets at ${reset} IST`}>
      {text}
    </span>
  );
}
