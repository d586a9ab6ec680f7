import type { TRunResult } from "@coderoom/shared/schemas/run";
import type { TRoomState } from "@coderoom/shared/schemas/realtime";

export type RoomRun = NonNullable<TRoomState["run"]>;

/**
 * Per-room state that is not a document: the shared terminal, kept by every process
 * (the `terminal` cluster event). The run in progress is shared through coordination
 * (room-runs.ts).
 */
export interface RoomRuntimeStore {
  /** What the room's terminal shows (a member may have relayed it). */
  terminal(roomId: string): TRunResult | null;
  /** The terminal only when the server itself ran it: what the assistant may trust as the last run. */
  lastRun(roomId: string): TRunResult | null;
  /** `relayedBy`: the user id of a member who relayed the result (legacy `updateTerminal`). */
  setTerminal(roomId: string, result: TRunResult | null, relayedBy?: string): void;
  forget(roomId: string): void;
}

/** The one-process implementation. */
export function createMemoryRuntimeStore(): RoomRuntimeStore {
  const terminals = new Map<string, { result: TRunResult; relayedBy: string | null }>();
  return {
    terminal: (roomId) => terminals.get(roomId)?.result ?? null,
    lastRun: (roomId) => {
      const t = terminals.get(roomId);
      return t && t.relayedBy === null ? t.result : null;
    },
    setTerminal: (roomId, result, relayedBy) => (result ? terminals.set(roomId, { result, relayedBy: relayedBy ?? null }) : terminals.delete(roomId)),
    forget: (roomId) => terminals.delete(roomId),
  };
}
