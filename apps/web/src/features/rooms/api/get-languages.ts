import { queryOptions, useQuery } from "@tanstack/react-query";
import type { TLanguage } from "@coderoom/shared/schemas/rooms";
import { api } from "../../../lib/http";
import { roomKeys } from "./room-keys";

/** GET /rooms/languages: the languages the server can run now. */
export async function getLanguages(): Promise<TLanguage[]> {
  return (await api<TLanguage[]>("/rooms/languages", { toastSuccess: false })).data;
}

// The list changes only when the server's toolchains do, so one fetch per visit is enough.
export const languagesQueryOptions = () =>
  queryOptions({ queryKey: roomKeys.languages, queryFn: getLanguages, staleTime: 10 * 60_000 });

export const useLanguages = () => useQuery(languagesQueryOptions());
