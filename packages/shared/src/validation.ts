import { z } from "zod";
import { validationMessages as m } from "./messages";
import { limits } from "./constants/limits";

/** Standard e-mail shape: local@domain.tld with a top-level part of 2+ letters. */
const emailShape = /^[A-Za-z0-9._%+-]+@[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?)*\.[A-Za-z]{2,}$/;
/** The special characters a password must include one of, and the only ones it may use (spec §5). */
export const passwordSpecials = "@$!%*?&#";
const passwordSpecial = new RegExp(`[${passwordSpecials}]`);
const passwordChars = new RegExp(`^[A-Za-z\\d${passwordSpecials}]+$`);
const passwordTooLong = `Password must be at most ${limits.passwordMax} characters`;

/** C0 and C1 control characters and DEL: a one-line field has no use for any of them. */
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const controlChars = /[\u0000-\u001f\u007f-\u009f]/;
/** The same, except tab, line feed and carriage return, which multi-line text keeps. */
// eslint-disable-next-line no-control-regex -- as above
const controlCharsExceptLineBreaks = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/;

/** True when a one-line text (a name) holds no control character. */
export const hasNoControlChars = (value: string): boolean => !controlChars.test(value);
/** True when multi-line text holds no control character but tabs and line breaks. */
export const hasNoControlCharsInText = (value: string): boolean => !controlCharsExceptLineBreaks.test(value);

/**
 * An identifier a client or a provider sends (payment, subscription, signature): one line
 * without control characters, so a NUL is a 400 here and never reaches the database.
 */
export const zIdentifier = (max: number) => z.string().trim().min(1).max(max).refine(hasNoControlChars, m.controlCharacters);

/**
 * Source code: anything a program may legitimately contain (tabs, escape codes, any
 * Unicode) except NUL, which PostgreSQL text cannot store.
 */
export const zCode = (requiredMessage?: string) =>
  z.string(requiredMessage ? { error: requiredMessage } : undefined).refine((v) => !v.includes("\u0000"), m.codeNul);

/** True when the address has the shape and length bounds of spec §5. */
export function isValidEmail(value: string): boolean {
  const at = value.lastIndexOf("@");
  return (
    value.length >= 1 &&
    value.length <= limits.emailMax &&
    at > 0 &&
    at <= limits.emailLocalMax &&
    emailShape.test(value)
  );
}

/** E-mail for sign-in, sign-up and contact ("Invalid email format"). */
export const zEmail = z
  .string({ error: m.emailRequired })
  .trim()
  .min(1, m.emailRequired)
  .refine(isValidEmail, m.emailInvalid)
  .transform((v) => v.toLowerCase());

/** E-mail for edit profile and forgot password ("Invalid email address"). */
export const zEmailAddress = z
  .string({ error: m.emailRequired })
  .trim()
  .min(1, m.emailRequired)
  .refine(isValidEmail, m.emailInvalidAddress)
  .transform((v) => v.toLowerCase());

/** Password for sign-in and sign-up. */
export const zPassword = z
  .string({ error: m.passwordRequired })
  .min(1, m.passwordRequired)
  .min(limits.passwordMin, m.passwordMin)
  .max(limits.passwordMax, passwordTooLong)
  .refine((v) => /[A-Z]/.test(v) && /\d/.test(v) && passwordSpecial.test(v) && passwordChars.test(v), m.passwordShape);

/** Password for change and reset: also needs a lowercase letter. */
export const zStrictPassword = (requiredMessage: string = m.newPasswordRequired) =>
  z
    .string({ error: requiredMessage })
    .min(1, requiredMessage)
    .min(limits.passwordMin, m.passwordMin)
    .max(limits.passwordMax, passwordTooLong)
    .refine(
      (v) => /[a-z]/.test(v) && /[A-Z]/.test(v) && /\d/.test(v) && passwordSpecial.test(v) && passwordChars.test(v),
      m.passwordShapeStrict,
    );

export const zConfirmPassword = z.string({ error: m.confirmRequired }).min(1, m.confirmRequired);

export const zFullName = z
  .string({ error: m.fullNameRequired })
  .trim()
  .min(1, m.fullNameRequired)
  .min(limits.fullNameMin, m.fullNameMin)
  .max(limits.fullNameMax, `Name must be at most ${limits.fullNameMax} characters`)
  .refine(hasNoControlChars, m.controlCharacters);

export const zContactMessage = z
  .string({ error: m.messageRequired })
  .trim()
  .min(1, m.messageRequired)
  .min(limits.contactMessageMin, m.messageMin)
  .max(limits.contactMessageMax, m.messageMax)
  .refine(hasNoControlCharsInText, m.controlCharacters);
