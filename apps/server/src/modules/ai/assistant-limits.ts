/**
 * The in-process guards of the assistant: one answer at a time per user, and a
 * questions-per-minute cap per room. Both sit behind this small interface so a
 * Redis-backed version can replace it when several processes serve one room.
 */
export interface AssistantLimiter {
  /** Takes the user's single stream slot; false when they already have an answer in progress. */
  claimUser(userId: string): boolean;
  releaseUser(userId: string): void;
  /** Records a question for the room unless it already asked `perMinute` in the last minute. */
  takeRoomSlot(roomId: string, now: number): boolean;
}

export function createAssistantLimiter(perMinute: number): AssistantLimiter {
  const busyUsers = new Set<string>();
  const roomAsks = new Map<string, number[]>();
  return {
    claimUser(userId) {
      if (busyUsers.has(userId)) return false;
      busyUsers.add(userId);
      return true;
    },
    releaseUser(userId) {
      busyUsers.delete(userId);
    },
    takeRoomSlot(roomId, now) {
      const recent = (roomAsks.get(roomId) ?? []).filter((t) => now - t < 60_000);
      if (recent.length >= perMinute) {
        roomAsks.set(roomId, recent);
        return false;
      }
      recent.push(now);
      roomAsks.set(roomId, recent);
      return true;
    },
  };
}
