import { useState } from "react";
import { TriangleAlert } from "lucide-react";
import type { TUser } from "@coderoom/shared/schemas/users";
import { Button } from "../../../components/ui/button.tsx";
import { Card } from "../../../components/ui/card.tsx";
import { Modal } from "../../../components/ui/modal.tsx";
import { cancelSubscription } from "../api/profile-api";
import { isRenewing } from "./plan-badges.tsx";

/**
 * Spec §4/§6: only non-admins with an active (renewing) subscription can cancel, after a
 * confirm dialog. The server cancels at the end of the paid period, and the copy says so.
 */
export function CancelSubscriptionCard({ user }: { user: TUser }) {
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  if (user.role === "ADMIN" || !isRenewing(user)) return null;
  const planName = user.subscription.plan === "pro" ? "Pro" : "Basic";
  const until = user.subscription.expiresOn
    ? new Date(user.subscription.expiresOn).toLocaleDateString("en-IN", { day: "numeric", month: "long", year: "numeric", timeZone: "Asia/Kolkata" })
    : "the end of the paid period";

  const onConfirm = async () => {
    setBusy(true);
    try {
      await cancelSubscription();
      setConfirming(false);
    } catch {
      // The http client already showed the server's message.
    } finally {
      setBusy(false);
    }
  };

  return (
    <Card className="border-red-200 p-6 dark:border-red-500/30">
      <div className="flex flex-col gap-4 sm:flex-row sm:items-center sm:justify-between">
        <div>
          <h2 className="text-lg font-semibold text-slate-900 dark:text-white">Cancel Subscription</h2>
          <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">
            Stop renewing your {planName} plan. You keep it until {until}, then return to the Free plan limits.
          </p>
        </div>
        <Button variant="danger" onClick={() => setConfirming(true)} className="shrink-0">
          Cancel Subscription
        </Button>
      </div>
      <Modal open={confirming} title="Cancel your subscription?" onClose={() => !busy && setConfirming(false)}>
        <div className="flex gap-3 rounded-lg bg-red-50 p-3 text-sm text-red-800 dark:bg-red-500/10 dark:text-red-200">
          <TriangleAlert className="size-5 shrink-0" aria-hidden />
          <p>
            This cannot be undone. Your {planName} plan will not renew: premium access is revoked at the end of the paid
            period ({until}) and you return to the Free plan.
          </p>
        </div>
        <div className="mt-6 flex justify-end gap-3">
          <Button variant="outline" onClick={() => setConfirming(false)} disabled={busy} data-autofocus>
            Keep Subscription
          </Button>
          <Button variant="danger" onClick={onConfirm} loading={busy}>
            Yes, Cancel
          </Button>
        </div>
      </Modal>
    </Card>
  );
}
