import { useQuery } from "@tanstack/react-query";
import type { TLanguage } from "@coderoom/shared/schemas/rooms";
import { api } from "./http";

async function getLanguages(): Promise<TLanguage[]> {
  return (await api<TLanguage[]>("/rooms/languages", { toastError: false })).data;
}

/**
 * GET /rooms/languages: the languages the server can run now. One query serves the
 * landing page's count and the dashboard's select, so they share one cached fetch
 * (the list changes only with the server's toolchains). Failures are not toasted:
 * both places show their own fallback.
 */
export const useLanguages = () => useQuery({ queryKey: ["languages"], queryFn: getLanguages, staleTime: 10 * 60_000 });
