import { useLanguages } from "../../../lib/languages";

/** The live number of runnable languages; undefined while loading or when unavailable. */
export function useLanguageCount(): { count: number | undefined; failed: boolean } {
  const { data, isError } = useLanguages();
  return { count: data?.length, failed: isError };
}
