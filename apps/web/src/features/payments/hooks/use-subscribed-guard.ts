import { useEffect, useRef, useState } from "react";
import { useNavigate } from "react-router";
import toast from "react-hot-toast";
import type { TPaidPlanId } from "@coderoom/shared/constants/plans";
import { toastMessages } from "@coderoom/shared/messages";
import type { TUser } from "@coderoom/shared/schemas/users";
import { getAuth } from "../../../lib/auth-store";

/** Whether `user`'s active plan already covers the plan sold on `page` (Pro covers Basic). */
export function coversPlan(user: TUser | null, page: TPaidPlanId): boolean {
  const sub = user?.subscription;
  return sub?.status === "active" && (page === "basic" ? sub.plan !== null : sub.plan === "pro");
}

/**
 * Spec §4 already-subscribed guard: an active Basic or Pro user opening the Basic page, or an
 * active Pro user opening the Pro page, gets the spec's error and goes to /pricing. It is decided
 * when the page opens: the plan a purchase made on this page brings must not turn into that error.
 */
export function useSubscribedGuard(page: TPaidPlanId): boolean {
  const navigate = useNavigate();
  const [blocked] = useState(() => coversPlan(getAuth().data, page));
  const shown = useRef(false);
  useEffect(() => {
    if (!blocked || shown.current) return;
    shown.current = true;
    toast.error(page === "basic" ? toastMessages.alreadyBasic : toastMessages.alreadyPro);
    navigate("/pricing", { replace: true });
  }, [blocked, navigate, page]);
  return blocked;
}
