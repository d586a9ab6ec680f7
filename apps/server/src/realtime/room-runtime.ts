import type { TRunResult } from "@coderoom/shared/schemas/run";
import type { TRoomState } from "@coderoom/shared/schemas/realtime";

export type RoomRun = NonNullable<TRoomState["run"]>;

/**
 * Per-room state that is not a document: the shared terminal and the run in
 * progress. Behind an interface so a Redis-backed store can replace the in-memory one.
 */
export interface RoomRuntimeStore {
  terminal(roomId: string): TRunResult | null;
  setTerminal(roomId: string, result: TRunResult | null): void;
  run(roomId: string): RoomRun | null;
  setRun(roomId: string, run: RoomRun | null): void;
  forget(roomId: string): void;
}

/** The one-process implementation. */
export function createMemoryRuntimeStore(): RoomRuntimeStore {
  const terminals = new Map<string, TRunResult>();
  const runs = new Map<string, RoomRun>();
  return {
    terminal: (roomId) => terminals.get(roomId) ?? null,
    setTerminal: (roomId, result) => (result ? terminals.set(roomId, result) : terminals.delete(roomId)),
    run: (roomId) => runs.get(roomId) ?? null,
    setRun: (roomId, run) => (run ? runs.set(roomId, run) : runs.delete(roomId)),
    forget: (roomId) => {
      terminals.delete(roomId);
      runs.delete(roomId);
    },
  };
}
