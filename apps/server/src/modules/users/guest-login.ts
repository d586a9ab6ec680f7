import { randomBytes, randomInt } from "node:crypto";
import type { AppDeps } from "../../deps";
import { users } from "../../db/schema/users";
import { GUEST_EMAIL_DOMAIN } from "./accounts";
import { accountCreationRule } from "./rate-limits";
import type { UserRow } from "./sessions";
import { enforceThrottle } from "./throttle";

const ADJECTIVES = [
  "Swift", "Brave", "Calm", "Clever", "Bright", "Eager", "Gentle", "Happy", "Jolly", "Kind",
  "Lucky", "Mighty", "Noble", "Quick", "Quiet", "Sunny", "Witty", "Bold", "Cosmic", "Nimble",
];
const ANIMALS = [
  "Otter", "Falcon", "Panda", "Tiger", "Koala", "Dolphin", "Fox", "Lynx", "Owl", "Heron",
  "Badger", "Beaver", "Gecko", "Jaguar", "Lemur", "Marten", "Puffin", "Raven", "Seal", "Yak",
];

const pick = <T>(list: readonly T[]): T => list[randomInt(list.length)]!;

/** A friendly display name such as "Guest Swift Otter 4821". */
export function guestDisplayName(): string {
  return `Guest ${pick(ADJECTIVES)} ${pick(ANIMALS)} ${randomInt(1000, 10_000)}`;
}

/**
 * Creates a fresh GUEST account: no password, a placeholder address on the reserved
 * guest domain. It lives until guest cleanup removes it after GUEST_TTL_DAYS idle.
 */
export async function createGuest(deps: AppDeps, opts: { ip: string }): Promise<UserRow> {
  const { db } = deps.db;
  await enforceThrottle(db, [accountCreationRule(opts.ip)], deps.now());
  const now = deps.now();
  const [user] = await db
    .insert(users)
    .values({
      fullName: guestDisplayName(),
      email: `guest-${randomBytes(8).toString("hex")}@${GUEST_EMAIL_DOMAIN}`,
      passwordHash: null,
      role: "GUEST",
      createdAt: now,
      updatedAt: now,
      lastSeenAt: now,
    })
    .returning();
  return user!;
}
