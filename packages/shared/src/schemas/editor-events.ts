import type { z } from "zod";
import {
  assistantEvents,
  zAssistantApply,
  zAssistantAsk,
  type TAssistantApplied,
  type TAssistantApplyRecord,
  type TAssistantDelta,
  type TAssistantDone,
  type TAssistantFailed,
  type TAssistantQuestionEvent,
  type TAssistantQuota,
  type TAssistantStarted,
  type TAssistantState,
} from "./assistant";
import {
  legacyEvents,
  roomEvents,
  zCodeChange,
  zJoin,
  zKickTarget,
  zRunStart,
  zRunStop,
  zTerminalRelay,
  zVerifyUniqueUser,
  type TAck,
  type TPresenceChange,
  type TRoomDeleted,
  type TRoomError,
  type TRoomSettings,
  type TRoomState,
  type TRoomVersion,
  type TRunFinished,
  type TRunOutput,
  type TRunQueued,
  type TRunStartAck,
  type TRunStarted,
  type TTerminalRelay,
  type TUsersUpdate,
  type TVersionRestored,
} from "./realtime";
import type { TRunResult } from "./run";

/**
 * The `/editor` contract: every event a client may send, with the zod schema the server
 * validates its payload with (null: the event has no payload; one sent is ignored).
 * Legacy events keep the original client's shapes (LEGACY-PROTOCOL.md §3).
 */
export const clientEventSchemas = {
  [legacyEvents.verifyUniqueUser]: zVerifyUniqueUser,
  [legacyEvents.join]: zJoin,
  [legacyEvents.leaveRoom]: null,
  [legacyEvents.startTyping]: null,
  [legacyEvents.stopTyping]: null,
  [legacyEvents.codeChange]: zCodeChange,
  [legacyEvents.updateTerminal]: zTerminalRelay,
  [legacyEvents.roomUpdateTrigger]: null,
  [legacyEvents.kickCall]: zKickTarget,
  [legacyEvents.kickAction]: zKickTarget,
  [roomEvents.runStart]: zRunStart,
  [roomEvents.runStop]: zRunStop,
  [assistantEvents.ask]: zAssistantAsk,
  [assistantEvents.stop]: null,
  [assistantEvents.state]: null,
  [assistantEvents.apply]: zAssistantApply,
} as const satisfies Record<string, z.ZodType | null>;

export type TClientEvent = keyof typeof clientEventSchemas;

type Schema<E extends TClientEvent> = (typeof clientEventSchemas)[E];
/** What a client sends with `E` (the schema's input). */
export type TClientPayload<E extends TClientEvent> = Schema<E> extends z.ZodType ? z.input<Schema<E>> : undefined;
/** What a handler of `E` receives once the schema has parsed it. */
export type TParsedPayload<E extends TClientEvent> = Schema<E> extends z.ZodType ? z.output<Schema<E>> : undefined;

/**
 * The data of each event's acknowledgement (`TAck<data>`); undefined: `{ ok: true }` only.
 * Every client event is acknowledged when the client gives a callback (the original
 * client never does).
 */
export interface TClientAcks {
  verifyUniqueUser: boolean;
  join: TRoomState;
  leaveRoom: undefined;
  startTyping: undefined;
  stopTyping: undefined;
  codeChange: undefined;
  updateTerminal: undefined;
  roomUpdateTrigger: undefined;
  kickCall: undefined;
  kickAction: undefined;
  "run:start": TRunStartAck;
  "run:stop": undefined;
  "assistant:ask": { questionId: string; answerId: string };
  "assistant:stop": { stopped: boolean };
  "assistant:state": TAssistantState;
  "assistant:apply": TAssistantApplyRecord;
}

export type TAckCallback<T> = (answer: TAck<T>) => void;

/** Socket.IO's `ClientToServerEvents` for `/editor`: the payload (if any), then an optional ack. */
export type ClientToServerEvents = {
  [E in TClientEvent]: TClientPayload<E> extends undefined
    ? (ack?: TAckCallback<TClientAcks[E]>) => void
    : (payload: TClientPayload<E>, ack?: TAckCallback<TClientAcks[E]>) => void;
};

/**
 * Socket.IO's `ServerToClientEvents` for `/editor`. The server never sends the legacy
 * `kickCall` (it carries out kicks itself), so it is not here.
 */
export type ServerToClientEvents = {
  uniqueUser: (unique: boolean) => void;
  updateUsers: (update: TUsersUpdate) => void;
  userJoined: (change: TPresenceChange) => void;
  userLeft: (change: TPresenceChange) => void;
  /** The whole live text (legacy clients only). */
  codeUpdate: (code: string) => void;
  /** A member's relayed result (as it sent it: see `relayedRunResult`), or the server's own run (legacy clients). */
  updateTerminal: (result: TTerminalRelay | TRunResult) => void;
  roomUpdateTrigger: () => void;
  IAMKICKED: () => void;
  "room:state": (state: TRoomState) => void;
  "room:settings": (settings: TRoomSettings) => void;
  "room:deleted": (deleted: TRoomDeleted) => void;
  "room:error": (error: TRoomError) => void;
  "run:queued": (run: TRunQueued) => void;
  "run:started": (run: TRunStarted) => void;
  "run:output": (output: TRunOutput) => void;
  "run:finished": (run: TRunFinished) => void;
  "version:saved": (version: TRoomVersion) => void;
  "version:restored": (restored: TVersionRestored) => void;
  "assistant:question": (event: TAssistantQuestionEvent) => void;
  "assistant:started": (event: TAssistantStarted) => void;
  "assistant:delta": (event: TAssistantDelta) => void;
  "assistant:done": (event: TAssistantDone) => void;
  "assistant:failed": (event: TAssistantFailed) => void;
  "assistant:applied": (event: TAssistantApplied) => void;
  "assistant:quota": (quota: TAssistantQuota) => void;
};

export type TServerEvent = keyof ServerToClientEvents;
/** The payload of a server → client event (undefined for the payload-less legacy ones). */
export type TServerPayload<E extends TServerEvent> = Parameters<ServerToClientEvents[E]> extends [infer P] ? P : undefined;
