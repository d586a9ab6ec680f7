import type { UserRow } from "../users/sessions";
import type { PlanLimits } from "../billing/plan-limits";
import type { RoomRow } from "./room-store";

/**
 * What a user may do with a room (spec §6). Joining by ID is the access model: any
 * logged-in user may view a room; the owner alone changes, saves, deletes and kicks.
 */
export type RoomAction = "view" | "editCode" | "saveCode" | "updateSettings" | "delete" | "kick";

type Subject = Pick<UserRow, "id">;
type Target = Pick<RoomRow, "ownerId" | "anyoneCanEdit">;

/** The one place that answers "may this user do this to this room?" for REST and sockets. */
export function can(user: Subject, action: RoomAction, room: Target): boolean {
  const isOwner = room.ownerId === user.id;
  switch (action) {
    case "view":
      return true;
    case "editCode":
      return isOwner || room.anyoneCanEdit;
    case "saveCode":
    case "updateSettings":
    case "delete":
    case "kick":
      return isOwner;
  }
}

/** True while the user's plan allows owning one more room (admins and paid plans: always). */
export function canOwnAnotherRoom({ maxRooms }: Pick<PlanLimits, "maxRooms">, ownedCount: number): boolean {
  return maxRooms === null || ownedCount < maxRooms;
}
