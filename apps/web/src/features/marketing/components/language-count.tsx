import { useLanguageCount } from "../api/languages";

/** "{n} languages" from the live list: the marketing copy never claims a fixed number. */
export function LanguageCount({ suffix = "languages" }: { suffix?: string }) {
  const { count, failed } = useLanguageCount();
  if (count !== undefined) return <>{`${count} ${suffix}`}</>;
  if (failed) return <>{`Many ${suffix}`}</>;
  return (
    <span className="inline-block h-[1em] w-24 animate-pulse rounded bg-current/15 align-middle" aria-label="Loading languages" />
  );
}

/** Just the number, for stat tiles; a dash when unknown. */
export function LanguageNumber() {
  const { count, failed } = useLanguageCount();
  if (count !== undefined) return <>{count}</>;
  return failed ? <>—</> : <span className="inline-block h-[1em] w-10 animate-pulse rounded bg-current/15 align-middle" />;
}
