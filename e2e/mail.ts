/** Undoes quoted-printable: soft line breaks ("=" at a line end) and =XX escapes. */
export function decodeQuotedPrintable(text: string): string {
  return text.replace(/=\r?\n/g, "").replace(/=([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

/** Decodes every base64 body block of a MIME message (runs of base64-only lines). */
function base64Bodies(eml: string): string[] {
  const blocks = eml.match(/(?:^[A-Za-z0-9+/]{16,}={0,2}\r?\n)+/gm) ?? [];
  return blocks.map((b) => Buffer.from(b.replace(/\s+/g, ""), "base64").toString("utf8"));
}

/** The first `${baseUrl}/resetpassword/<token>` link in an .eml, whatever its transfer encoding. */
export function findResetLink(eml: string, baseUrl: string): string | null {
  const pattern = new RegExp(`${baseUrl.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}/resetpassword/[A-Za-z0-9_-]+`);
  for (const text of [decodeQuotedPrintable(eml), ...base64Bodies(eml)]) {
    const match = pattern.exec(text);
    if (match) return match[0];
  }
  return null;
}
