import { MINUTE_MS, type ThrottleRule } from "./throttle";

/**
 * The account endpoints' throttles, in one place. Keys start with the action and
 * the kind of subject; e-mail keys use the address as typed (lower-cased), so an
 * unknown address is throttled exactly like a known one.
 */
export const loginIpRule = (ip: string): ThrottleRule => ({ key: `login:ip:${ip}`, limit: 50, windowMs: 15 * MINUTE_MS });
/** Failures against one account from one IP: the guesser is stopped, the owner elsewhere is not. */
export const loginAccountIpRule = (email: string, ip: string): ThrottleRule => ({
  key: `login:email-ip:${email}|${ip}`,
  limit: 10,
  windowMs: 15 * MINUTE_MS,
});
/**
 * Failures against one account from anywhere: a distributed guesser (10+ IPs) locks the
 * account for an hour. NIST SP 800-63B §5.2.2 caps failed attempts at 100 per account.
 */
export const loginAccountRule = (email: string): ThrottleRule => ({
  key: `login:email:${email}`,
  limit: 100,
  windowMs: 60 * MINUTE_MS,
});

export const forgotIpRule = (ip: string): ThrottleRule => ({ key: `forgot:ip:${ip}`, limit: 10, windowMs: 15 * MINUTE_MS });
export const forgotEmailRule = (email: string): ThrottleRule => ({
  key: `forgot:email:${email}`,
  limit: 3,
  windowMs: 60 * MINUTE_MS,
});

/** A stolen session must not become a password-guessing oracle. */
export const changePasswordRule = (userId: string): ThrottleRule => ({
  key: `change-password:user:${userId}`,
  limit: 10,
  windowMs: 15 * MINUTE_MS,
});

/** The password check guarding an e-mail change: same reasoning as for a password change. */
export const changeEmailRule = (userId: string): ThrottleRule => ({
  key: `change-email:user:${userId}`,
  limit: 10,
  windowMs: 15 * MINUTE_MS,
});

/** Sign-ups and guest logins together: generous for people, a wall for scripts filling the database. */
export const accountCreationRule = (ip: string): ThrottleRule => ({
  key: `create-account:ip:${ip}`,
  limit: 100,
  windowMs: 60 * MINUTE_MS,
});

export const contactIpRule = (ip: string): ThrottleRule => ({ key: `contact:ip:${ip}`, limit: 5, windowMs: 10 * MINUTE_MS });
