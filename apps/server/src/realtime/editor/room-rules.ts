import { realtimeMessages, roomMessages } from "@coderoom/shared/messages";
import { legacyEvents } from "@coderoom/shared/schemas/realtime";
import { codeFits } from "@coderoom/shared/schemas/realtime";
import { banFromRoom } from "../../modules/rooms/room-bans";
import type { RealtimeServices } from "../realtime-services";
import { roomChannel, type EditorExtension, type EditorSocket } from "./editor-extension";
import { roomUsers } from "./presence";
import { Refusal } from "../../socket/socket-handlers";

function ownerOf(s: RealtimeServices, socket: EditorSocket): boolean {
  const room = s.directory.get(socket.data.roomId ?? "");
  return room !== undefined && room.ownerId === socket.data.user.id;
}

/**
 * The room rules the server enforces: owner-only kick (carried out here, not by the
 * victim's client, and the kicked user is kept out: room-bans.ts), owner-only
 * `roomUpdateTrigger`, and view-only `codeChange`.
 */
export function roomRulesExtension(s: RealtimeServices): EditorExtension {
  return (socket, ctx, handle) => {
    handle(legacyEvents.kickCall, {}, async (p, ok) => {
      const roomId = socket.data.roomId!;
      const target = typeof p === "string" ? p : p.userId;
      if (!ownerOf(s, socket)) throw new Refusal("room_forbidden", realtimeMessages.ownerOnlyKick);
      if (target === socket.data.user.id) throw new Refusal("cannot_kick_self", realtimeMessages.cannotKickSelf);
      const present = (await roomUsers(s, roomId)).some((u) => u.id === target);
      if (!present) throw new Refusal("user_not_in_room", realtimeMessages.userNotInRoom);
      // Recorded first: the kicked user's client may try to rejoin as soon as it hears IAMKICKED.
      await banFromRoom({ db: s.deps.db.db, room: s.directory.get(roomId)!, userId: target, now: s.deps.now() });
      s.cluster.broadcast("kick", { roomId, userId: target });
      ok();
    });

    // The original client answers every kickCall it hears with kickAction; the server already acted.
    handle(legacyEvents.kickAction, { beforeJoin: true, quiet: true }, (_p, ok) => ok());

    handle(legacyEvents.roomUpdateTrigger, {}, (_p, ok) => {
      if (!ownerOf(s, socket)) throw new Refusal("room_forbidden", realtimeMessages.ownerOnlySettings);
      socket.to(roomChannel(socket.data.roomId!)).emit(legacyEvents.roomUpdateTrigger);
      ok();
    });

    handle(
      legacyEvents.codeChange,
      {
        explain: (issues) => (issues.some((i) => i.code === "custom") ? new Refusal("payload_too_large", roomMessages.codeTooLarge) : null),
      },
      async (p, ok) => {
        if (!socket.data.legacy) {
          // Our own client edits over /collab; a full text from it has no known base: it replaces the live text.
          socket.data.legacy = true;
          await s.legacy.attach(socket, socket.data.roomId!, await s.collab.text(socket.data.roomId!));
        }
        if (!ctx.canWrite(socket)) {
          s.legacy.resync(socket, p.code);
          throw new Refusal("room_read_only", realtimeMessages.readOnly);
        }
        if (!codeFits(p.code)) throw new Refusal("payload_too_large", roomMessages.codeTooLarge);
        await s.legacy.codeChange(socket, p.code);
        ok();
      },
    );
  };
}
