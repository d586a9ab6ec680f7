import { z } from "zod";
import { roomMessages } from "@coderoom/shared/messages";
import { zSuccess } from "@coderoom/shared/schemas/envelope";
import {
  zCreateRoomBody,
  zCreateRoomResult,
  zDeleteRoomResult,
  zLanguage,
  zRoom,
  zRoomIdParams,
  zUpdateRoomBody,
  zUpdateRoomResult,
  zUserRoomsResult,
} from "@coderoom/shared/schemas/rooms";
import type { AppDeps } from "../../deps";
import { currentUser, type Auth } from "../../http/auth";
import { ok } from "../../http/envelope";
import type { App } from "../../http/types";
import { createRoom } from "./create-room";
import { deleteRoom } from "./delete-room";
import { joinRoom } from "./join-room";
import { listUserRooms } from "./list-user-rooms";
import { presentRoom, presentRoomSummary } from "./presenter";
import { updateRoom } from "./update-room";

const tags = ["rooms"];

/** Rooms API of spec §7, plus the dashboard's `GET /users/rooms`. */
export async function roomRoutes(app: App, deps: AppDeps, auth: Auth): Promise<void> {
  const { db } = deps.db;

  app.get(
    "/rooms/languages",
    { schema: { tags, response: { 200: zSuccess(z.array(zLanguage)) } } },
    async () =>
      ok(
        // No language while runs cannot work (issue 10 §2.3): the message then says why.
        deps.execution.runner.unavailableReason() ?? roomMessages.languagesListed,
        deps.languages.list().map(({ id, name, label, version, monacoId }) => ({ id, name, label, version, monacoId })),
      ),
  );

  app.post(
    "/rooms/create",
    { preHandler: auth.required, schema: { tags, body: zCreateRoomBody, response: { 201: zSuccess(zCreateRoomResult) } } },
    async (request, reply) => {
      const room = await createRoom({ db, languages: deps.languages, user: currentUser(request), body: request.body, now: deps.now() });
      return reply.status(201).send(ok(roomMessages.created, { roomId: room.id }));
    },
  );

  app.get(
    "/rooms/join/:id",
    // It adds the room to the caller's list, so it is refused cross-site like any write.
    { config: { stateChanging: true }, preHandler: auth.required, schema: { tags, params: zRoomIdParams, response: { 200: zSuccess(zRoom) } } },
    async (request) => {
      const room = await joinRoom({
        db,
        user: currentUser(request),
        ip: request.ip,
        roomId: request.params.id,
        now: deps.now(),
        liveCode: deps.liveCode,
      });
      return ok(roomMessages.joined, presentRoom(room, deps.languages));
    },
  );

  app.put(
    "/rooms/update/:id",
    {
      preHandler: auth.required,
      schema: { tags, params: zRoomIdParams, body: zUpdateRoomBody, response: { 200: zSuccess(zUpdateRoomResult) } },
    },
    async (request) => {
      const { body } = request;
      const { room, changed } = await updateRoom({
        db,
        events: deps.events,
        liveCode: deps.liveCode,
        languages: deps.languages,
        user: currentUser(request),
        roomId: request.params.id,
        body,
        now: deps.now(),
        maxDocChars: deps.config.COLLAB_MAX_DOC_CHARS,
      });
      const codeOnly = body.roomName === undefined && body.anyoneCanEdit === undefined && body.languageId === undefined;
      return ok(codeOnly ? roomMessages.codeSaved : roomMessages.settingsUpdated, {
        roomId: room.id,
        roomName: room.name,
        anyoneCanEdit: room.anyoneCanEdit,
        language: { id: room.languageId, name: room.languageName },
        updatedAt: room.updatedAt.toISOString(),
        changed,
      });
    },
  );

  app.delete(
    "/rooms/delete/:id",
    { preHandler: auth.required, schema: { tags, params: zRoomIdParams, response: { 200: zSuccess(zDeleteRoomResult) } } },
    async (request) => {
      const roomId = request.params.id;
      const outcome = await deleteRoom({ db, events: deps.events, user: currentUser(request), roomId });
      return ok(outcome === "deleted" ? roomMessages.deleted : roomMessages.removedFromList, { roomId, outcome });
    },
  );

  app.get(
    "/users/rooms",
    { preHandler: auth.required, schema: { tags, response: { 200: zSuccess(zUserRoomsResult) } } },
    async (request) => {
      const user = currentUser(request);
      const rows = await listUserRooms(db, user.id);
      return ok(roomMessages.roomsListed, { rooms: rows.map((r) => presentRoomSummary(r, user.id, deps.languages)) });
    },
  );
}
