/**
 * Links in answers may only go to the web or to an e-mail address (or stay on the
 * page); anything else (`javascript:`, `data:`, `vbscript:` …) becomes no link at all.
 */
export function safeUrl(url: string): string {
  const trimmed = url.trim();
  if (/^(#|\/(?!\/))/.test(trimmed)) return trimmed;
  try {
    const parsed = new URL(trimmed);
    return ["http:", "https:", "mailto:"].includes(parsed.protocol) ? parsed.href : "";
  } catch {
    return "";
  }
}
