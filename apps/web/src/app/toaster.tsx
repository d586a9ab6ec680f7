import { useEffect } from "react";
import toast, { Toaster, useToasterStore } from "react-hot-toast";

/** Spec §9: at most 20 toasts on screen at once. */
export const MAX_VISIBLE_TOASTS = 20;

/** Success and error colours: white text on them passes WCAG AA (5.0:1 and 4.8:1). */
export const toastColors = { success: "#15803d", error: "#dc2626" } as const;

/**
 * The app's toasts (spec §9): 4000 ms default, 2000 ms success, loading until ended,
 * 350 px wide. They sit at the bottom of the screen: at the top they covered the
 * sticky navigation and the avatar menu that opens under it, on a phone the most.
 */
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
      position="bottom-center"
      containerStyle={{ bottom: 24 }}
      toastOptions={{
        duration: 4000,
        style: { maxWidth: 350, borderRadius: 12, fontSize: 14 },
        success: {
          duration: 2000,
          style: { background: toastColors.success, color: "#fff" },
          iconTheme: { primary: "#fff", secondary: toastColors.success },
        },
        error: {
          duration: 4000,
          style: { background: toastColors.error, color: "#fff" },
          iconTheme: { primary: "#fff", secondary: toastColors.error },
        },
        loading: { duration: Infinity },
      }}
    />
  );
}
