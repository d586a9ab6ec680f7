import { useLanguageCount } from "../api/languages";
import { useLanguages } from "../../../lib/languages";

/** "{n} languages" from the live list: the marketing copy never claims a fixed number. */
export function LanguageCount({ suffix = "languages" }: { suffix?: string }) {
  const { count, failed } = useLanguageCount();
  if (count !== undefined) return <>{`${count} ${suffix}`}</>;
  if (failed) return <>{`Many ${suffix}`}</>;
  return (
    // Text, not aria-label: a span without a role may not carry one (axe aria-prohibited-attr, seen while loading).
    <span className="inline-block h-[1em] w-24 animate-pulse rounded bg-current/15 align-middle">
      <span className="sr-only">Loading languages</span>
    </span>
  );
}

/** Just the number, for stat tiles; a dash when unknown. */
export function LanguageNumber() {
  const { count, failed } = useLanguageCount();
  if (count !== undefined) return <>{count}</>;
  return failed ? <>—</> : <span className="inline-block h-[1em] w-10 animate-pulse rounded bg-current/15 align-middle" />;
}

/** A few of the languages this server runs, from the live list ("Python, JavaScript, C and more"). */
export function LanguageExamples() {
  const { data } = useLanguages();
  if (!data || data.length === 0) return <>Pick the language when you create a room.</>;
  const labels = [...new Set(data.map((l) => l.label || l.name))];
  const shown = labels.slice(0, 4);
  const rest = labels.length - shown.length;
  return <>{`Including ${shown.join(", ")}${rest > 0 ? ` and ${rest} more` : ""}.`}</>;
}
