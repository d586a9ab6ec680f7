import { formatIst } from "@coderoom/shared/format/ist-date";
import { realtimeMessages, roomMessages } from "@coderoom/shared/messages";
import type { TRoomVersion } from "@coderoom/shared/schemas/realtime";
import type { AppDeps } from "../../deps";
import { storableText } from "../../db/storable-text";
import { forbidden, notFound } from "../../http/errors";
import { assertCodeFits } from "../rooms/code-size";
import { can } from "../rooms/policy";
import { getRoomOr404 } from "../rooms/room-store";
import type { UserRow } from "../users/sessions";
import { readRoomCode, replaceRoomCode } from "./live-code";
import { getVersion, listVersions, presentVersion, storeVersion, type VersionRow } from "./version-store";

/** Versions are the owner's: the same rule as Save Code. */
async function ownedRoom(deps: AppDeps, user: UserRow, roomId: string) {
  const room = await getRoomOr404(deps.db.db, roomId);
  if (!can(user, "saveCode", room)) throw forbidden("room_forbidden", roomMessages.ownerOnlyUpdate);
  return room;
}

/** A default name in the app's one date format: "Version of 01 Dec 2026, 09:42 IST", when the owner gives none. */
function defaultName(now: Date): string {
  return `Version of ${formatIst(now)}`;
}

/** Saves `code` (or the live code) as a named version and tells the room. */
export async function saveVersion(
  deps: AppDeps,
  opts: { user: UserRow; roomId: string; name?: string; code?: string },
): Promise<TRoomVersion> {
  const room = await ownedRoom(deps, opts.user, opts.roomId);
  const code = storableText(opts.code ?? (await readRoomCode({ db: deps.db.db, liveCode: deps.liveCode }, room.id, { load: true })) ?? "");
  assertCodeFits(code, deps.config.COLLAB_MAX_DOC_CHARS);
  const now = deps.now();
  const version = await storeVersion(deps.db.db, {
    roomId: room.id,
    name: opts.name || defaultName(now),
    code,
    author: { id: opts.user.id, name: opts.user.fullName },
    now,
  });
  deps.events.emit("room.versionSaved", { roomId: room.id, version });
  return version;
}

/** The room's versions, newest first (owner only). */
export async function roomVersions(deps: AppDeps, user: UserRow, roomId: string): Promise<TRoomVersion[]> {
  const room = await ownedRoom(deps, user, roomId);
  return listVersions(deps.db.db, room.id);
}

/** One version with its code (owner only). */
export async function roomVersion(deps: AppDeps, user: UserRow, roomId: string, versionId: string): Promise<VersionRow> {
  const room = await ownedRoom(deps, user, roomId);
  const version = await getVersion(deps.db.db, room.id, versionId);
  if (!version) throw notFound("version_not_found", realtimeMessages.versionNotFound);
  return version;
}

/** Restores a version: one edit of the live document that everyone sees. */
export async function restoreVersion(deps: AppDeps, user: UserRow, roomId: string, versionId: string): Promise<TRoomVersion> {
  const row = await roomVersion(deps, user, roomId, versionId);
  assertCodeFits(row.code, deps.config.COLLAB_MAX_DOC_CHARS);
  await replaceRoomCode({ db: deps.db.db, liveCode: deps.liveCode }, row.roomId, row.code, deps.now());
  const version = presentVersion({ ...row, bytes: Buffer.byteLength(row.code, "utf8") });
  deps.events.emit("room.versionRestored", { roomId: row.roomId, version, by: { id: user.id, name: user.fullName } });
  return version;
}
