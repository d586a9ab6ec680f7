import type { TUser } from "@coderoom/shared/schemas/users";
import type { AppDeps } from "../../deps";
import { listRoomIdsForUser } from "../rooms/user-room-ids";
import { avatarUrl } from "../storage/avatar-store";
import { getUsage } from "../usage/daily-usage";
import type { UserRow } from "./sessions";
import { presentSubscription } from "./subscription";

/** What the user object shows besides the user row itself. */
export interface UserExtras {
  rooms: string[];
  usage: { runs: number; aiInteractions: number };
  subscription: TUser["subscription"];
  /** PUBLIC_URL, the base of the absolute avatar URL. */
  publicUrl: string;
}

/**
 * The spec §3 user object, field by field from an allow-list: the password hash
 * and every other internal column can never reach a response.
 */
export function presentUser(user: UserRow, extras: UserExtras): TUser {
  return {
    _id: user.id,
    fullName: user.fullName,
    email: user.email,
    role: user.role,
    avatar: { secure_url: avatarUrl(extras.publicUrl, user.avatarFile) },
    subscription: extras.subscription,
    codeExecutionCount: extras.usage.runs,
    aiInteractionCount: extras.usage.aiInteractions,
    rooms: extras.rooms,
    createdAt: user.createdAt.toISOString(),
  };
}

/** The user object (role included), the data of register, login, guest-login, profile, avatar and update. */
export async function presentUserData(deps: AppDeps, user: UserRow): Promise<TUser> {
  const [rooms, usage, subscription] = await Promise.all([
    listRoomIdsForUser(deps.db.db, user.id),
    getUsage(deps.db.db, user.id, deps.now()),
    presentSubscription(deps, user),
  ]);
  return presentUser(user, { rooms, usage, subscription, publicUrl: deps.config.PUBLIC_URL });
}
