import type { BroadcastOperator } from "socket.io";
import type { z } from "zod";
import { assistantMessages } from "@coderoom/shared/messages";
import { assistantEvents, assistantLimits } from "@coderoom/shared/schemas/assistant";
import type { ServerToClientEvents, TServerEvent } from "@coderoom/shared/schemas/editor-events";
import { Refusal, type ContractSocket, type Handle } from "../../socket/socket-handlers";
import type { AssistantService } from "./assistant-service";
import { AssistantRefusal, type AssistantIO, type AssistantUser, type RoomSnapshot } from "./assistant-types";

/** What the assistant needs from the room channel for one socket (the /editor namespace supplies it). */
export interface AssistantSocketEnv {
  assistant: AssistantService;
  snapshot(roomId: string): RoomSnapshot | Promise<RoomSnapshot>;
  /** Has this socket joined this room? */
  isMember(roomId: string): boolean | Promise<boolean>;
  /** May this socket's user write to its room's code? */
  canWrite(): boolean | Promise<boolean>;
  /** Everyone in the room, on every process. */
  toRoom(roomId: string): BroadcastOperator<ServerToClientEvents, unknown>;
}

/** The question's problem in the panel's words: too long, empty, or otherwise invalid. */
function questionRefusal(issues: z.core.$ZodIssue[]): Refusal {
  const has = (message: string) => issues.some((i) => i.message === message);
  const message = has("question_too_long")
    ? assistantMessages.questionTooLong(assistantLimits.questionMaxChars)
    : has("question_empty")
      ? assistantMessages.questionEmpty
      : "Invalid question";
  return new Refusal("ai_question_invalid", message);
}

/** The service refuses with its own error class; the socket answers it like any refusal. */
async function refusing<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    if (err instanceof AssistantRefusal) throw new Refusal(err.code, err.message);
    throw err;
  }
}

/**
 * The assistant's events on one socket. Identity and room come from the connection
 * (`socket.data.user`, `socket.data.roomId`), never from the payload; every event
 * answers through its acknowledgement, refusals with a stable code.
 */
export function registerAssistantHandlers(socket: ContractSocket, handle: Handle, env: AssistantSocketEnv): void {
  const { assistant } = env;
  // Socket.IO cannot check a payload against an event chosen by a type parameter; AssistantIO's callers are checked.
  const io: AssistantIO = {
    toRoom: (roomId, event, payload) => env.toRoom(roomId).emit(event as TServerEvent, payload as never),
    toAsker: (event, payload) => socket.emit(event as TServerEvent, payload as never),
  };

  /** The asker and their room: refused (room_forbidden, not not_joined) for a socket outside it. */
  async function joinedRoom(): Promise<{ user: AssistantUser; roomId: string }> {
    const user = socket.data.user as AssistantUser | undefined;
    const roomId = socket.data.roomId as string | undefined;
    if (!user || !roomId || !(await env.isMember(roomId))) throw new Refusal("room_forbidden", assistantMessages.notMember);
    return { user, roomId };
  }

  handle(assistantEvents.ask, { beforeJoin: true, explain: questionRefusal }, async (payload, ok) => {
    const { user, roomId } = await joinedRoom();
    const started = await refusing(() => assistant.ask({ user, roomId, socketId: socket.id, question: payload, io, snapshot: () => env.snapshot(roomId) }));
    ok({ questionId: started.questionId, answerId: started.answerId });
  });
  handle(assistantEvents.stop, { beforeJoin: true }, async (_payload, ok) => {
    const { user } = await joinedRoom();
    ok({ stopped: assistant.stop(user.id) });
  });
  handle(assistantEvents.state, { beforeJoin: true }, async (_payload, ok) => {
    const { user, roomId } = await joinedRoom();
    ok(await refusing(() => assistant.state(roomId, user)));
  });
  handle(
    assistantEvents.apply,
    { beforeJoin: true, explain: () => new Refusal("ai_answer_not_found", assistantMessages.answerNotFound) },
    async (payload, ok) => {
      const { user, roomId } = await joinedRoom();
      const canWrite = await env.canWrite();
      ok(await refusing(() => assistant.apply({ user, roomId, canWrite, payload, io })));
    },
  );
  // The asker left: their answer stops, and the provider request with it.
  socket.on("disconnect", () => assistant.abortSocket(socket.id));
}
