import { useEffect, useRef } from "react";
import { useNavigate } from "react-router";
import toast from "react-hot-toast";
import type { TPaidPlanId } from "@coderoom/shared/constants/plans";
import { toastMessages } from "@coderoom/shared/messages";
import { useAuth } from "../../../lib/auth-store";

/**
 * Spec §4 already-subscribed guard: an active Basic or Pro user on the Basic page, or an
 * active Pro user on the Pro page, gets the spec's error and goes to /pricing.
 */
export function useSubscribedGuard(page: TPaidPlanId): boolean {
  const { data } = useAuth();
  const navigate = useNavigate();
  const sub = data?.subscription;
  const blocked = sub?.status === "active" && (page === "basic" ? sub.plan !== null : sub.plan === "pro");
  const shown = useRef(false);
  useEffect(() => {
    if (!blocked || shown.current) return;
    shown.current = true;
    toast.error(page === "basic" ? toastMessages.alreadyBasic : toastMessages.alreadyPro);
    navigate("/pricing", { replace: true });
  }, [blocked, navigate, page]);
  return blocked;
}
