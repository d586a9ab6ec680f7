import { eq } from "drizzle-orm";
import { realtimeMessages, roomMessages } from "@coderoom/shared/messages";
import { legacyEvents, roomEvents, type TRoomState, type TRoomUser } from "@coderoom/shared/schemas/realtime";
import type { CollabPresenceChange } from "../collab/collab-server";
import { rooms } from "../../db/schema/rooms";
import { joinRoom } from "../../modules/rooms/join-room";
import { handshakeAddress } from "../handshake-auth";
import { mayWrite, normaliseRoomId } from "../room-directory";
import type { RealtimeServices } from "../realtime-services";
import { roomChannel, type EditorExtension, type EditorSocket } from "./editor-extension";
import { roomSockets, usersOf, type Member } from "./room-members";
import { Refusal } from "../../socket/socket-handlers";

/** Another tab of the same user in the room (a reconnect of this very tab does not count). */
function otherTab(members: Member[], socket: EditorSocket, tabId: string | undefined): Member | undefined {
  return members.find(
    (m) => m.data.user.id === socket.data.user.id && m.id !== socket.id && (tabId === undefined || m.data.tabId !== tabId),
  );
}

/** Everyone in the room: `/editor` sockets, then `/collab` connections (here, then on the other processes). */
async function roomMembers(s: RealtimeServices, roomId: string): Promise<Member[]> {
  const [sockets, remote] = await Promise.all([roomSockets(s.nsp, roomId), s.cluster.ask("collabMembers", { roomId })]);
  return [...sockets, ...s.collab.members(roomId), ...remote.flat()];
}

/** The room's users list: one entry per user, whichever way they are connected. */
export async function roomUsers(s: RealtimeServices, roomId: string): Promise<TRoomUser[]> {
  return usersOf(await roomMembers(s, roomId));
}

/**
 * A `/collab` connection counts as being in the room: the others hear `userJoined` when
 * it brought its user in and `userLeft` when its close took them out; nothing when the
 * user is also connected otherwise (the list is then unchanged).
 */
export async function announceCollabPresence(s: RealtimeServices, change: CollabPresenceChange): Promise<void> {
  const { roomId, memberId, user, opened } = change;
  const members = await roomMembers(s, roomId);
  if (members.some((m) => m.data.user.id === user.id && m.id !== memberId)) return;
  const users = usersOf(members);
  s.nsp.to(roomChannel(roomId)).emit(opened ? legacyEvents.userJoined : legacyEvents.userLeft, { userName: user.name, users });
}

/**
 * Takes the socket out of its room: the others get `userLeft` (or just `updateUsers`
 * when the same user is still there in another tab). Used by leave, disconnect, kick.
 */
export async function leaveRoom(s: RealtimeServices, socket: EditorSocket): Promise<void> {
  const roomId = socket.data.roomId;
  if (!roomId) return;
  socket.data.roomId = undefined;
  socket.data.typing = false;
  socket.leave(roomChannel(roomId));
  s.legacy.detach(socket);
  const users = await roomUsers(s, roomId);
  const channel = s.nsp.to(roomChannel(roomId));
  if (users.some((u) => u.id === socket.data.user.id)) channel.emit(legacyEvents.updateUsers, { users });
  else channel.emit(legacyEvents.userLeft, { userName: socket.data.user.name, users });
}

/** The state a joiner renders: room, own write access, users, terminal and run. */
export async function roomState(s: RealtimeServices, socket: EditorSocket, roomId: string): Promise<TRoomState> {
  const room = s.directory.get(roomId);
  if (!room) throw new Refusal("room_not_found", roomMessages.notFound);
  return {
    roomId,
    roomName: room.name,
    owner: room.ownerId,
    anyoneCanEdit: room.anyoneCanEdit,
    language: { id: room.languageId, name: room.languageName },
    canWrite: mayWrite(socket.data.user.id, room),
    users: await roomUsers(s, roomId),
    terminal: s.runtime.terminal(roomId),
    run: await s.runs.current(roomId),
  };
}

/** `verifyUniqueUser`, `join`, `leaveRoom`, typing and disconnect (LEGACY-PROTOCOL.md §3). */
export function presenceExtension(s: RealtimeServices): EditorExtension {
  return (socket, _ctx, handle) => {
    handle(legacyEvents.verifyUniqueUser, { beforeJoin: true }, async (p, ok) => {
      const roomId = normaliseRoomId(p.roomId);
      // Only ever about the asker's own session: the payload's userId is ignored (no presence oracle).
      const unique = !roomId || !otherTab(await roomSockets(s.nsp, roomId), socket, p.tabId);
      socket.emit(legacyEvents.uniqueUser, unique);
      ok(unique);
    });

    handle(legacyEvents.join, { beforeJoin: true, gate: true }, async (p, ok) => {
      const roomId = normaliseRoomId(p.roomId);
      if (!roomId) throw new Refusal("room_not_found", roomMessages.notFound);
      // Joins as GET /rooms/join does: the same guessing budget (no oracle), and the user becomes a member.
      const ip = handshakeAddress(s.deps, socket.request);
      await joinRoom({ db: s.deps.db.db, user: socket.data.user, ip, roomId, now: s.deps.now() });
      const room = await s.directory.load(roomId);
      if (!room) throw new Refusal("room_not_found", roomMessages.notFound);
      const before = await roomSockets(s.nsp, roomId);
      if (p.tabId !== undefined && otherTab(before, socket, p.tabId)) {
        throw new Refusal("already_in_room", realtimeMessages.alreadyInRoom);
      }
      if (socket.data.roomId) await leaveRoom(s, socket);
      // A reconnect of this tab: its old connection may not have timed out yet; it is stale now.
      if (p.tabId !== undefined) {
        const stale = before.filter((m) => m.id !== socket.id && m.data.user.id === socket.data.user.id && m.data.tabId === p.tabId);
        for (const m of stale) s.nsp.in(m.id).disconnectSockets(true);
      }
      // Already present: in another tab, or through /collab (on any process).
      const wasThere = (await roomMembers(s, roomId)).some(
        (m) => m.data.user.id === socket.data.user.id && !(p.tabId !== undefined && m.data.tabId === p.tabId),
      );
      socket.data.roomId = roomId;
      socket.data.tabId = p.tabId;
      socket.data.legacy = p.tabId === undefined;
      socket.data.typing = false;
      socket.join(roomChannel(roomId));
      const users = await roomUsers(s, roomId);
      socket.emit(legacyEvents.updateUsers, { users });
      if (wasThere) socket.to(roomChannel(roomId)).emit(legacyEvents.updateUsers, { users });
      else socket.to(roomChannel(roomId)).emit(legacyEvents.userJoined, { userName: socket.data.user.name, users });
      if (socket.data.legacy) {
        // The legacy client shows what GET /rooms/join gave it; the bridge sends the live text if it differs.
        const [row] = await s.deps.db.db.select({ code: rooms.code }).from(rooms).where(eq(rooms.id, roomId));
        await s.legacy.attach(socket, roomId, row?.code ?? "");
      }
      const state = await roomState(s, socket, roomId);
      socket.emit(roomEvents.state, state);
      ok(state);
    });

    handle(legacyEvents.leaveRoom, { quiet: true }, async (_p, ok) => {
      await leaveRoom(s, socket);
      ok();
    });

    const typing = (isTyping: boolean) => async (_p: undefined, ok: () => void) => {
      const roomId = socket.data.roomId;
      if (!roomId) return;
      socket.data.typing = isTyping;
      const users = await roomUsers(s, roomId);
      s.nsp.to(roomChannel(roomId)).emit(legacyEvents.updateUsers, { users });
      ok();
    };
    handle(legacyEvents.startTyping, { quiet: true }, typing(true));
    handle(legacyEvents.stopTyping, { quiet: true }, typing(false));

    socket.on("disconnect", () => {
      leaveRoom(s, socket).catch((err: unknown) => s.log(err, "leave on disconnect failed"));
    });
  };
}
