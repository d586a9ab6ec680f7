import http from "node:http";
import type { AddressInfo } from "node:net";
import { Server } from "socket.io";
import { io as connect, type Socket as ClientSocket } from "socket.io-client";
import type { AppDeps } from "../src/deps";
import { createAssistantService, type AssistantService } from "../src/modules/ai/assistant-service";
import { registerAssistantHandlers } from "../src/modules/ai/assistant-socket";
import type { AssistantUser, RoomSnapshot } from "../src/modules/ai/assistant-types";
import type { ChatProvider } from "../src/modules/ai/chat-provider";

export interface AssistantTestServer {
  assistant: AssistantService;
  /** The room state every question reads; tests change it. */
  rooms: Map<string, RoomSnapshot>;
  /** A client joined to `roomId` as `user` (`canWrite` false = view-only, `member` false = not in the room). */
  client(user: AssistantUser, roomId: string, opts?: { canWrite?: boolean; member?: boolean }): Promise<ClientSocket>;
  close(): Promise<void>;
}

/**
 * The assistant's socket handlers on a bare Socket.IO server (port 0), standing in for
 * the /editor namespace's join and permissions, so they are tested alone with real clients.
 */
export async function startAssistantTestServer(
  deps: Pick<AppDeps, "config" | "db" | "now" | "coordination">,
  opts: { provider?: ChatProvider | null } = {},
): Promise<AssistantTestServer> {
  const quiet = { error: () => undefined, warn: () => undefined };
  const assistant = createAssistantService(deps, { provider: opts.provider, log: quiet });
  const rooms = new Map<string, RoomSnapshot>();
  const httpServer = http.createServer();
  const ioServer = new Server(httpServer);
  const nsp = ioServer.of("/editor");
  const handshakes = new Map<string, { user: AssistantUser; roomId: string; canWrite: boolean; member: boolean }>();
  nsp.use((socket, next) => {
    const joined = handshakes.get(String(socket.handshake.auth.key));
    if (!joined) return next(new Error("unknown test client"));
    socket.data.user = joined.user;
    socket.data.roomId = joined.member ? joined.roomId : undefined;
    socket.data.canWrite = joined.canWrite;
    if (joined.member) void socket.join(`room:${joined.roomId}`);
    next();
  });
  nsp.on("connection", (socket) =>
    registerAssistantHandlers(socket, {
      assistant,
      snapshot: (roomId) => rooms.get(roomId) ?? { code: "", languageId: 71, languageName: "Python (3.11)", terminal: null },
      isMember: (s, roomId) => s.data.roomId === roomId,
      canWrite: (s) => s.data.canWrite === true,
      toRoom: (roomId, event, payload) => nsp.to(`room:${roomId}`).emit(event, payload),
      log: quiet,
    }),
  );
  await new Promise<void>((resolve) => httpServer.listen(0, "127.0.0.1", resolve));
  const { port } = httpServer.address() as AddressInfo;
  const clients: ClientSocket[] = [];
  let n = 0;

  return {
    assistant,
    rooms,
    async client(user, roomId, o = {}) {
      const key = String(++n);
      handshakes.set(key, { user, roomId, canWrite: o.canWrite ?? true, member: o.member ?? true });
      const socket = connect(`http://127.0.0.1:${port}/editor`, { auth: { key }, transports: ["websocket"], forceNew: true });
      clients.push(socket);
      await new Promise<void>((resolve, reject) => {
        socket.once("connect", () => resolve());
        socket.once("connect_error", reject);
      });
      return socket;
    },
    async close() {
      assistant.close();
      clients.forEach((c) => c.disconnect());
      await new Promise<void>((resolve) => ioServer.close(() => resolve()));
    },
  };
}
