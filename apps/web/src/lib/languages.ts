import { useQuery } from "@tanstack/react-query";
import type { TLanguage } from "@coderoom/shared/schemas/rooms";
import { api } from "./http";

/** The list, and the server's message: when no language is offered it says why (e.g. the sandbox cannot run). */
async function getLanguages(): Promise<{ list: TLanguage[]; message: string }> {
  const res = await api<TLanguage[]>("/rooms/languages", { toastError: false });
  return { list: res.data, message: res.message };
}

/**
 * GET /rooms/languages: the languages the server can run now. One query serves the
 * landing page's count and the dashboard's select, so they share one cached fetch
 * (the list changes only with the server's toolchains). Failures are not toasted:
 * both places show their own fallback.
 */
export const useLanguages = () => useQuery({ queryKey: ["languages"], queryFn: getLanguages, staleTime: 10 * 60_000, select: (r) => r.list });

/** Why no language is offered (the server's message), or null while some are. */
export const useNoLanguageReason = () =>
  useQuery({ queryKey: ["languages"], queryFn: getLanguages, staleTime: 10 * 60_000, select: (r) => (r.list.length === 0 ? r.message : null) });
