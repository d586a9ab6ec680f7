import { and, eq, gt, isNull } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import type { TResetPasswordBody } from "@coderoom/shared/schemas/users";
import type { Db } from "../../db/client";
import type { AppDeps } from "../../deps";
import { passwordResets, users } from "../../db/schema/users";
import { badRequest } from "../../http/errors";
import { findUserByEmail } from "./accounts";
import { hashPassword } from "./password";
import { forgotEmailRule, forgotIpRule } from "./rate-limits";
import { hashToken, newToken, revokeAllSessions } from "./sessions";
import { enforceThrottle } from "./throttle";

const RESET_TTL_MS = 60 * 60 * 1000;
const invalidToken = () => badRequest("reset_token_invalid", "This reset link is invalid or has expired");

/** Escapes text for an HTML body. */
function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** The password-reset e-mail, in text and HTML, carrying the one-hour link. */
function resetMail(opts: { name: string; link: string }): { subject: string; text: string; html: string } {
  const text = [
    `Hi ${opts.name},`,
    "",
    "Someone asked to reset the password of your CodeRoom account. To choose a new password, open this link:",
    "",
    opts.link,
    "",
    "The link works once and expires in 1 hour. If you did not ask for this, ignore this email: your password stays the same.",
  ].join("\n");
  const link = escapeHtml(opts.link);
  const html = [
    `<p>Hi ${escapeHtml(opts.name)},</p>`,
    "<p>Someone asked to reset the password of your CodeRoom account. To choose a new password, open this link:</p>",
    `<p><a href="${link}">${link}</a></p>`,
    "<p>The link works once and expires in 1 hour. If you did not ask for this, ignore this email: your password stays the same.</p>",
  ].join("\n");
  return { subject: "Reset your CodeRoom password", text, html };
}

/**
 * Mails a single-use reset link (valid one hour) to a password account with this
 * e-mail. Only the throttle runs before the answer: the lookup, the token and the
 * mail happen afterwards, so neither the response nor its timing tells whether the
 * address has an account. Failures of that later work are logged, never answered.
 */
export async function requestPasswordReset(
  deps: AppDeps,
  opts: { email: string; ip: string; log: Pick<FastifyBaseLogger, "error"> },
): Promise<void> {
  await enforceThrottle(deps.db.db, [forgotIpRule(opts.ip), forgotEmailRule(opts.email)], deps.now());
  setImmediate(() => {
    sendResetLink(deps, opts.email).catch((err: unknown) => opts.log.error({ err }, "password reset request failed"));
  });
}

/** Creates a reset token for the password account with this e-mail, if any, and mails its link. */
async function sendResetLink(deps: AppDeps, email: string): Promise<void> {
  const { db } = deps.db;
  const now = deps.now();
  const user = await findUserByEmail(db, email);
  if (!user?.passwordHash) return;
  const token = newToken();
  await db.insert(passwordResets).values({
    tokenHash: hashToken(token),
    userId: user.id,
    createdAt: now,
    expiresAt: new Date(now.getTime() + RESET_TTL_MS),
  });
  // WEB_URL: the page that opens the link may be served from another origin than the API.
  const link = `${deps.config.WEB_URL.replace(/\/+$/, "")}/resetpassword/${token}`;
  await deps.mailer.send({ to: user.email, ...resetMail({ name: user.fullName, link }) });
}

/** Spends every unused reset token of the user: any change of password ends them all. */
export async function spendResetTokens(tx: Pick<Db, "update">, userId: string, now: Date): Promise<void> {
  await tx
    .update(passwordResets)
    .set({ usedAt: now })
    .where(and(eq(passwordResets.userId, userId), isNull(passwordResets.usedAt)));
}

/**
 * Sets a new password from a reset token. Claiming the token is one conditional
 * UPDATE, so a token works once even under concurrent use; the user's other reset
 * tokens are spent and every session ends.
 */
export async function resetPassword(deps: AppDeps, body: TResetPasswordBody): Promise<void> {
  const { db } = deps.db;
  const tokenHash = hashToken(body.resetToken);
  const live = (now: Date) =>
    and(eq(passwordResets.tokenHash, tokenHash), isNull(passwordResets.usedAt), gt(passwordResets.expiresAt, now));
  const [pending] = await db.select({ userId: passwordResets.userId }).from(passwordResets).where(live(deps.now()));
  if (!pending) throw invalidToken();
  const passwordHash = await hashPassword(body.newPassword, deps.config.SCRYPT_LOG_N);
  const userId = await db.transaction(async (tx) => {
    const now = deps.now();
    const [claimed] = await tx
      .update(passwordResets)
      .set({ usedAt: now })
      .where(live(now))
      .returning({ userId: passwordResets.userId });
    if (!claimed) throw invalidToken();
    await tx.update(users).set({ passwordHash, updatedAt: now }).where(eq(users.id, claimed.userId));
    await spendResetTokens(tx, claimed.userId, now);
    await revokeAllSessions(tx, claimed.userId);
    return claimed.userId;
  });
  deps.events.emit("user.sessionsRevoked", { userId });
}
