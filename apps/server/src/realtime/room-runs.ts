import type { Coordination, Lease } from "../coordination/coordination";
import type { RoomRun } from "./room-runtime";

/** Output kept for late joiners (the run itself is capped by RUN_OUTPUT_KB). */
const KEPT_OUTPUT_CHARS = 64 * 1024;
/** Output is stored in flushes (one every ~50 ms while a program prints); older ones are dropped. */
const KEPT_OUTPUT_CHUNKS = 2000;
/** The run's description and output outlive a dead holder this long at most; its lease says whether it is live. */
const STATE_TTL_MS = 60 * 60_000;

const leaseKey = (roomId: string) => `run:room:${roomId}`;
const infoKey = (roomId: string) => `run:room:${roomId}:info`;
const outputKey = (roomId: string, runId: string) => `run:room:${roomId}:output:${runId}`;

type RunInfo = Omit<RoomRun, "output">;

/** The run a process holds for a room: it tells every process its state and output, and ends it. */
export interface HeldRoomRun {
  readonly lease: Lease;
  setState(state: RoomRun["state"]): void;
  appendOutput(data: string): void;
  end(): Promise<void>;
}

/**
 * A room's run in progress, shared by every process: one at a time per room (a cluster
 * lease held while it is queued or running, so it frees itself within seconds when its
 * process dies), with its state and output so far for whoever joins on any process.
 */
export function createRoomRuns(coordination: Coordination, onError: (err: unknown) => void) {
  return {
    /** Takes the room's run for `run`; null while another run holds it. */
    async begin(roomId: string, run: RunInfo): Promise<HeldRoomRun | null> {
      const lease = await coordination.lease(leaseKey(roomId));
      if (!lease) return null;
      let info = run;
      // Writes go out in order on one connection; a failed one only costs late joiners some state.
      const write = (p: Promise<void>) => void p.catch(onError);
      write(coordination.setValue(infoKey(roomId), JSON.stringify(info), STATE_TTL_MS));
      return {
        lease,
        setState(state) {
          info = { ...info, state };
          write(coordination.setValue(infoKey(roomId), JSON.stringify(info), STATE_TTL_MS));
        },
        appendOutput(data) {
          write(coordination.appendToList(outputKey(roomId, run.runId), data, { maxItems: KEPT_OUTPUT_CHUNKS, ttlMs: STATE_TTL_MS }));
        },
        async end() {
          try {
            // The room may have been cleared and taken by another run since: its state stays.
            const stored = await coordination.getValue(infoKey(roomId));
            const ours = stored !== null && (JSON.parse(stored) as RunInfo).runId === run.runId;
            await coordination.delete(outputKey(roomId, run.runId), ...(ours ? [infoKey(roomId)] : []));
          } catch (err) {
            onError(err);
          }
          await lease.release().catch(onError);
        },
      };
    },

    /** The room's live run with its output so far, or null (none, or its holder is gone). */
    async current(roomId: string): Promise<RoomRun | null> {
      try {
        const [held, raw] = await Promise.all([coordination.isLeased(leaseKey(roomId)), coordination.getValue(infoKey(roomId))]);
        if (!held || !raw) return null;
        const info = JSON.parse(raw) as RunInfo;
        const output = (await coordination.readList(outputKey(roomId, info.runId))).join("").slice(-KEPT_OUTPUT_CHARS);
        return { ...info, output };
      } catch (err) {
        // A joiner still gets the room, without the run, while Redis cannot be reached.
        onError(err);
        return null;
      }
    },

    /** Frees the room of a run whose process no longer holds it (it died, or lost Redis). */
    async clear(roomId: string, runId: string): Promise<void> {
      await coordination.breakLease(leaseKey(roomId));
      await coordination.delete(infoKey(roomId), outputKey(roomId, runId));
    },
  };
}

export type RoomRuns = ReturnType<typeof createRoomRuns>;
