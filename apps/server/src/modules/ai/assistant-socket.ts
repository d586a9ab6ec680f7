import type { Socket } from "socket.io";
import { assistantMessages } from "@coderoom/shared/messages";
import { assistantEvents } from "@coderoom/shared/schemas/assistant";
import type { TAck } from "@coderoom/shared/schemas/realtime";
import type { AssistantService } from "./assistant-service";
import { AssistantRefusal, type AssistantIO, type AssistantUser, type RoomSnapshot } from "./assistant-types";

/** What the assistant needs from the room channel (the /editor namespace supplies it). */
export interface AssistantSocketEnv {
  assistant: AssistantService;
  snapshot(roomId: string): RoomSnapshot | Promise<RoomSnapshot>;
  isMember(socket: Socket, roomId: string): boolean | Promise<boolean>;
  canWrite(socket: Socket): boolean | Promise<boolean>;
  toRoom(roomId: string, event: string, payload: unknown): void;
  log: { error(obj: object, msg?: string): void };
}

type Ack = (answer: TAck<unknown>) => void;

/**
 * The assistant's events on one socket. Identity and room come from the connection
 * (`socket.data.user`, `socket.data.roomId`), never from the payload; every event
 * answers through its acknowledgement, refusals with a stable code.
 */
export function registerAssistantHandlers(socket: Socket, env: AssistantSocketEnv): void {
  const { assistant } = env;
  const io: AssistantIO = { toRoom: env.toRoom, toAsker: (event, payload) => socket.emit(event, payload) };
  const user = () => socket.data.user as AssistantUser | undefined;

  async function joinedRoom(): Promise<{ user: AssistantUser; roomId: string }> {
    const u = user();
    const roomId = socket.data.roomId as string | undefined;
    if (!u || !roomId || !(await env.isMember(socket, roomId))) throw new AssistantRefusal("room_forbidden", assistantMessages.notMember);
    return { user: u, roomId };
  }

  function on(event: string, handler: (payload: unknown) => Promise<unknown>) {
    socket.on(event, async (...args: unknown[]) => {
      const ack: Ack = typeof args.at(-1) === "function" ? (args.pop() as Ack) : () => undefined;
      try {
        const data = await handler(args[0]);
        ack({ ok: true, data });
      } catch (err) {
        if (err instanceof AssistantRefusal) return ack({ ok: false, code: err.code, message: err.message });
        env.log.error({ err, event }, "assistant event failed");
        ack({ ok: false, code: "internal_error", message: "Something went wrong. Please try again." });
      }
    });
  }

  on(assistantEvents.ask, async (payload) => {
    const { user, roomId } = await joinedRoom();
    const started = await assistant.ask({ user, roomId, socketId: socket.id, payload, io, snapshot: () => env.snapshot(roomId) });
    return { questionId: started.questionId, answerId: started.answerId };
  });
  on(assistantEvents.stop, async () => {
    const { user } = await joinedRoom();
    return { stopped: assistant.stop(user.id) };
  });
  on(assistantEvents.state, async () => {
    const { user, roomId } = await joinedRoom();
    return assistant.state(roomId, user);
  });
  on(assistantEvents.apply, async (payload) => {
    const { user, roomId } = await joinedRoom();
    return assistant.apply({ user, roomId, canWrite: await env.canWrite(socket), payload, io });
  });
  // The asker left: their answer stops, and the provider request with it.
  socket.on("disconnect", () => assistant.abortSocket(socket.id));
}
