import type { TRoomState, TRoomUser } from "@coderoom/shared/schemas/realtime";
import type { TRoom } from "@coderoom/shared/schemas/rooms";
import type { FakeSocket } from "./fake-socket";

/** A room as `GET /rooms/join/{id}` answers it. */
export function makeRoom(overrides: Partial<TRoom> = {}): TRoom {
  return {
    roomId: "ABC123",
    roomName: "Alpha Project",
    language: { id: 71, name: "Python" },
    owner: "u1",
    code: "print('hi')",
    anyoneCanEdit: false,
    createdAt: "2026-01-10T10:00:00.000Z",
    updatedAt: "2026-01-10T10:00:00.000Z",
    ...overrides,
  };
}

export function makeRoomUser(overrides: Partial<TRoomUser> = {}): TRoomUser {
  return { id: "u1", name: "Ada", isTyping: false, socketId: "s1", color: "#ef4444", ...overrides };
}

/** The `room:state` a joiner receives. */
export function makeRoomState(overrides: Partial<TRoomState> = {}): TRoomState {
  return {
    roomId: "ABC123",
    roomName: "Alpha Project",
    owner: "u1",
    anyoneCanEdit: false,
    language: { id: 71, name: "Python" },
    canWrite: true,
    users: [makeRoomUser()],
    terminal: null,
    run: null,
    ...overrides,
  };
}

/**
 * Plays a well-behaved server on the fake socket: `uniqueUser` answers verifyUniqueUser,
 * `join` is acknowledged with the room state.
 */
export function serveRoom(socket: FakeSocket, opts: { unique?: boolean; state?: TRoomState } = {}) {
  socket.server.set("verifyUniqueUser", (_, s) => {
    setTimeout(() => s.push("uniqueUser", opts.unique ?? true));
    return undefined;
  });
  socket.server.set("join", () => ({ ok: true, data: opts.state ?? makeRoomState() }));
}
