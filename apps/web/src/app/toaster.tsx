import { useEffect } from "react";
import toast, { Toaster, useToasterStore } from "react-hot-toast";

/** Spec §9: at most 20 toasts on screen at once. */
export const MAX_VISIBLE_TOASTS = 20;

/** The app's toasts (spec §9): 4000 ms default, 2000 ms success, loading until ended, 350 px wide. */
export function AppToaster() {
  const { toasts } = useToasterStore();
  useEffect(() => {
    // The store lists the newest first: dismiss whatever falls beyond the limit.
    toasts
      .filter((t) => t.visible)
      .slice(MAX_VISIBLE_TOASTS)
      .forEach((t) => toast.dismiss(t.id));
  }, [toasts]);

  return (
    <Toaster
      position="top-center"
      toastOptions={{
        duration: 4000,
        style: { maxWidth: 350, borderRadius: 12, fontSize: 14 },
        success: {
          duration: 2000,
          style: { background: "#16a34a", color: "#fff" },
          iconTheme: { primary: "#fff", secondary: "#16a34a" },
        },
        error: {
          duration: 4000,
          style: { background: "#dc2626", color: "#fff" },
          iconTheme: { primary: "#fff", secondary: "#dc2626" },
        },
        loading: { duration: Infinity },
      }}
    />
  );
}
