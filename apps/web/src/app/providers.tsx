import type { ReactNode } from "react";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { Toaster } from "react-hot-toast";

const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false } } });

/** App-wide providers: data cache and toasts (spec §9: 20 visible, 4000/2000 ms, 350 px). */
export function Providers({ children }: { children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      {children}
      <Toaster position="top-center" toastOptions={{ duration: 4000, success: { duration: 2000 }, style: { maxWidth: 350 } }} />
    </QueryClientProvider>
  );
}
