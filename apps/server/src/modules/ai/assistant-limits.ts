import type { Coordination, Lease } from "../../coordination/coordination";

/** How long the questions counted against a room's per-minute limit stay counted. */
const ROOM_WINDOW_MS = 60_000;

/**
 * The assistant's limits that hold across every server process (through the coordination
 * store): one answer at a time per user, and `perMinute` questions per room.
 */
export function createAssistantLimiter(coordination: Coordination, perMinute: number) {
  return {
    /**
     * The user's single answer slot, held until released; null when they already have an
     * answer in progress. A process that dies stops renewing it, and it expires.
     */
    claimUser: (userId: string): Promise<Lease | null> => coordination.lease(`ai:user:${userId}`),
    /** Counts a question for the room unless it already asked `perMinute` in the last minute; `undo` takes it back. */
    takeRoomSlot: (roomId: string) => coordination.takeInWindow(`ai:room:${roomId}`, perMinute, ROOM_WINDOW_MS),
  };
}
