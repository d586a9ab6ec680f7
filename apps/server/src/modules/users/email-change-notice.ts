import type { FastifyBaseLogger } from "fastify";
import type { AppDeps } from "../../deps";

/** Escapes text for an HTML body. */
function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/**
 * Tells the previous address that the account's e-mail changed, so the owner of a
 * hijacked session learns of it where the thief cannot read. Sent after the change
 * is saved; a failed send is logged, not answered.
 */
export function sendEmailChangedNotice(
  deps: AppDeps,
  opts: { name: string; oldEmail: string; newEmail: string; log: Pick<FastifyBaseLogger, "error"> },
): void {
  const support = deps.config.SUPPORT_EMAIL;
  const lines = [
    `Hi ${opts.name},`,
    `The email address of your CodeRoom account was changed from ${opts.oldEmail} to ${opts.newEmail}.`,
    `If you made this change, there is nothing to do. If you did not, write to ${support} right away: someone may have access to your account.`,
  ];
  deps.mailer
    .send({
      to: opts.oldEmail,
      subject: "Your CodeRoom email address was changed",
      text: lines.join("\n\n"),
      html: lines.map((line) => `<p>${escapeHtml(line)}</p>`).join("\n"),
    })
    .catch((err: unknown) => opts.log.error({ err }, "email change notice failed"));
}
