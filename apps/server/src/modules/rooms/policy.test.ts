import { describe, expect, it } from "vitest";
import { plans } from "@coderoom/shared/constants/plans";
import { limitsForPlan } from "../billing/plan-limits";
import { can, canOwnAnotherRoom, type RoomAction } from "./policy";

const owner = { id: "owner" };
const other = { id: "other" };
const locked = { ownerId: "owner", anyoneCanEdit: false };
const open = { ownerId: "owner", anyoneCanEdit: true };

describe("room policy", () => {
  it.each<RoomAction>(["view", "editCode", "saveCode", "updateSettings", "delete", "kick"])("lets the owner %s", (action) => {
    expect(can(owner, action, locked)).toBe(true);
  });

  it.each<RoomAction>(["saveCode", "updateSettings", "delete", "kick"])("never lets a non-owner %s, even in an open room", (action) => {
    expect(can(other, action, open)).toBe(false);
  });

  it("lets a non-owner edit code only when anyone can edit", () => {
    expect(can(other, "editCode", open)).toBe(true);
    expect(can(other, "editCode", locked)).toBe(false);
  });

  it("lets anyone with the ID view a room", () => {
    expect(can(other, "view", locked)).toBe(true);
  });

  it("caps a plan at its room count and leaves unlimited plans unlimited", () => {
    const max = plans.free.maxRooms;
    expect(canOwnAnotherRoom(limitsForPlan("free"), max - 1)).toBe(true);
    expect(canOwnAnotherRoom(limitsForPlan("free"), max)).toBe(false);
    expect(canOwnAnotherRoom(limitsForPlan("basic"), 10_000)).toBe(true);
    expect(canOwnAnotherRoom({ maxRooms: null }, 10_000)).toBe(true);
  });
});
