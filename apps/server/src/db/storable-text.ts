/**
 * PostgreSQL text cannot hold NUL; REST and legacy input refuse it, but a CRDT update is
 * binary and may carry one, so the text is cleaned where it is stored as text.
 */
export function storableText(text: string): string {
  return text.includes("\u0000") ? text.replaceAll("\u0000", "") : text;
}
