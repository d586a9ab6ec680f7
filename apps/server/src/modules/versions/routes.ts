import { z } from "zod";
import { realtimeMessages } from "@coderoom/shared/messages";
import { zSuccess } from "@coderoom/shared/schemas/envelope";
import { zRoomVersion, zRoomVersionWithCode, zSaveVersionBody } from "@coderoom/shared/schemas/realtime";
import { zRoomId } from "@coderoom/shared/schemas/rooms";
import type { AppDeps } from "../../deps";
import { currentUser, type Auth } from "../../http/auth";
import { ok } from "../../http/envelope";
import type { App } from "../../http/types";
import { restoreVersion, roomVersion, roomVersions, saveVersion } from "./room-versions";
import { presentVersion } from "./version-store";

const tags = ["versions"];
const zVersionParams = z.object({ id: zRoomId, versionId: z.string().uuid() });

/** Named versions of a room's code (owner only): list, read, save the live code, restore. */
export async function versionRoutes(app: App, deps: AppDeps, auth: Auth): Promise<void> {
  app.get(
    "/rooms/:id/versions",
    { preHandler: auth.required, schema: { tags, params: z.object({ id: zRoomId }), response: { 200: zSuccess(z.array(zRoomVersion)) } } },
    async (request) => ok(realtimeMessages.versionsListed, await roomVersions(deps, currentUser(request), request.params.id)),
  );

  app.get(
    "/rooms/:id/versions/:versionId",
    { preHandler: auth.required, schema: { tags, params: zVersionParams, response: { 200: zSuccess(zRoomVersionWithCode) } } },
    async (request) => {
      const row = await roomVersion(deps, currentUser(request), request.params.id, request.params.versionId);
      return ok(realtimeMessages.versionFetched, { ...presentVersion({ ...row, bytes: Buffer.byteLength(row.code, "utf8") }), code: row.code });
    },
  );

  app.post(
    "/rooms/:id/versions",
    {
      preHandler: auth.required,
      schema: { tags, params: z.object({ id: zRoomId }), body: zSaveVersionBody.optional(), response: { 201: zSuccess(zRoomVersion) } },
    },
    async (request, reply) => {
      const version = await saveVersion(deps, { user: currentUser(request), roomId: request.params.id, name: request.body?.name });
      return reply.status(201).send(ok(realtimeMessages.versionSaved, version));
    },
  );

  app.post(
    "/rooms/:id/versions/:versionId/restore",
    { preHandler: auth.required, schema: { tags, params: zVersionParams, response: { 200: zSuccess(zRoomVersion) } } },
    async (request) =>
      ok(realtimeMessages.versionRestored, await restoreVersion(deps, currentUser(request), request.params.id, request.params.versionId)),
  );
}
