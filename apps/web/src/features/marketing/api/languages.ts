import { queryOptions, useQuery } from "@tanstack/react-query";
import type { TLanguage } from "@coderoom/shared/schemas/rooms";
import { api } from "../../../lib/http";

/** GET /rooms/languages: the languages the server can run right now. */
export const languagesQuery = queryOptions({
  queryKey: ["marketing", "languages"],
  queryFn: async () => (await api<TLanguage[]>("/rooms/languages", { toastError: false })).data,
  staleTime: 10 * 60_000,
});

/** The live number of runnable languages; undefined while loading or when unavailable. */
export function useLanguageCount(): { count: number | undefined; failed: boolean } {
  const { data, isError } = useQuery(languagesQuery);
  return { count: data?.length, failed: isError };
}
