import type { FastifyBaseLogger } from "fastify";
import type { TContactBody } from "@coderoom/shared/schemas/users";
import type { AppDeps } from "../../deps";
import { contactMessages } from "../../db/schema/users";
import { contactIpRule } from "../users/rate-limits";
import { enforceThrottle } from "../users/throttle";

/** One line, so a name can never add headers or break the subject. */
const oneLine = (text: string) => text.replace(/[\r\n\t]+/g, " ").trim();

/**
 * Stores a contact message (with the sender's account when logged in) and mails it
 * to SUPPORT_EMAIL with Reply-To set to the sender. The message is kept even if the
 * mail fails, and a slow mail server never holds up the answer; a failure is logged.
 */
export async function sendContactMessage(
  deps: AppDeps,
  opts: TContactBody & { userId: string | null; ip: string; log: Pick<FastifyBaseLogger, "error"> },
): Promise<void> {
  const { db } = deps.db;
  const now = deps.now();
  await enforceThrottle(db, [contactIpRule(opts.ip)], now);
  const [stored] = await db
    .insert(contactMessages)
    .values({ name: opts.name, email: opts.email, message: opts.message, userId: opts.userId, createdAt: now })
    .returning({ id: contactMessages.id });
  const name = oneLine(opts.name);
  const text = [
    `From: ${name} <${opts.email}>`,
    opts.userId ? `Account: ${opts.userId}` : "Account: not logged in",
    `Message #${stored!.id}, received ${now.toISOString()}`,
    "",
    opts.message,
  ].join("\n");
  deps.mailer
    .send({ to: deps.config.SUPPORT_EMAIL, replyTo: opts.email, subject: `Contact form: ${name}`, text })
    .catch((err: unknown) => opts.log.error({ err, contactMessageId: stored!.id }, "contact mail failed"));
}
