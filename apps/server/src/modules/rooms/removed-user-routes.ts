import { z } from "zod";
import { roomMessages } from "@coderoom/shared/messages";
import { zSuccess } from "@coderoom/shared/schemas/envelope";
import { zRemovedUser, zRemovedUserParams, zRoomIdParams } from "@coderoom/shared/schemas/rooms";
import type { AppDeps } from "../../deps";
import { currentUser, type Auth } from "../../http/auth";
import { ok } from "../../http/envelope";
import type { App } from "../../http/types";
import { letBackIn, listRemovedUsers } from "./room-bans";

const tags = ["rooms"];

/** The owner's list of users removed (kicked) from a room, and "Let back in" (issue 42). */
export async function removedUserRoutes(app: App, deps: AppDeps, auth: Auth): Promise<void> {
  const { db } = deps.db;

  app.get(
    "/rooms/:id/removed-users",
    {
      preHandler: auth.required,
      schema: { tags, summary: "Users the owner removed from the room (owner only)", params: zRoomIdParams, response: { 200: zSuccess(z.array(zRemovedUser)) } },
    },
    async (request) => ok(roomMessages.removedUsersListed, await listRemovedUsers({ db, user: currentUser(request), roomId: request.params.id })),
  );

  app.delete(
    "/rooms/:id/removed-users/:userId",
    {
      preHandler: auth.required,
      schema: { tags, summary: "Let a removed user join the room again (owner only)", params: zRemovedUserParams, response: { 200: zSuccess(z.null()) } },
    },
    async (request) => {
      await letBackIn({ db, user: currentUser(request), roomId: request.params.id, userId: request.params.userId });
      return ok(roomMessages.letBackIn, null);
    },
  );
}
