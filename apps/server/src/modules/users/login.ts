import type { TLoginBody } from "@coderoom/shared/schemas/users";
import type { AppDeps } from "../../deps";
import { AppError } from "../../http/errors";
import { findUserByEmail } from "./accounts";
import { hashPassword, verifyPassword } from "./password";
import type { UserRow } from "./sessions";
import { loginAccountIpRule, loginAccountRule, loginIpRule } from "./rate-limits";
import { enforceThrottle, refundThrottle, resetThrottle } from "./throttle";

const invalidCredentials = () => new AppError(401, "invalid_credentials", "Invalid email or password");

let dummyHash: { logN: number; hash: Promise<string> } | undefined;

/** A hash to verify against when there is no account, so both answers take as long. */
function hashForMissingAccount(logN: number): Promise<string> {
  if (dummyHash?.logN !== logN) dummyHash = { logN, hash: hashPassword("no account has this password", logN) };
  return dummyHash.hash;
}

/**
 * Checks e-mail and password under three throttles: per IP, per account and IP (the
 * lockout a guesser meets), and per account alone at a higher level (so the owner on
 * another IP still gets in). Unknown e-mail, wrong password and guest accounts (which
 * have no password) all verify a hash and get the same 401. A success gives back its
 * counted attempts and clears its account-and-IP failures, so only failures add up.
 */
export async function logIn(deps: AppDeps, opts: TLoginBody & { ip: string }): Promise<UserRow> {
  const { db } = deps.db;
  const ipRule = loginIpRule(opts.ip);
  const accountIpRule = loginAccountIpRule(opts.email, opts.ip);
  const accountRule = loginAccountRule(opts.email);
  await enforceThrottle(db, [ipRule, accountIpRule, accountRule], deps.now());
  const user = await findUserByEmail(db, opts.email);
  const stored = user?.passwordHash ?? (await hashForMissingAccount(deps.config.SCRYPT_LOG_N));
  const matches = await verifyPassword(opts.password, stored);
  if (!user?.passwordHash || !matches) throw invalidCredentials();
  await Promise.all([
    refundThrottle(db, ipRule.key),
    refundThrottle(db, accountRule.key),
    resetThrottle(db, accountIpRule.key),
  ]);
  return user;
}
