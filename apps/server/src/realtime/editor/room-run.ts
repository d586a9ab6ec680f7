import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { realtimeMessages } from "@coderoom/shared/messages";
import { roomEvents, type TRunFinished } from "@coderoom/shared/schemas/realtime";
import { runStatus } from "@coderoom/shared/schemas/run";
import { CoordinationUnavailable } from "../../coordination/coordination";
import { users } from "../../db/schema/users";
import { bareResult } from "../../execution/run-result";
import type { OutputChunk } from "../../execution/runner";
import { AppError } from "../../http/errors";
import { runCode } from "../../modules/execution/run-code";
import { runMessages } from "../../modules/execution/run-messages";
import type { RealtimeServices } from "../realtime-services";
import type { HeldRoomRun } from "../room-runs";
import type { RoomRun } from "../room-runtime";
import { roomChannel, type EditorExtension } from "./editor-extension";
import { Refusal } from "../../socket/socket-handlers";

const OUTPUT_EVERY_MS = 50;

/** Takes the room's run (one at a time, across processes), or refuses. */
async function beginRun(s: RealtimeServices, roomId: string, runId: string, by: RoomRun["by"]): Promise<HeldRoomRun> {
  let held: HeldRoomRun | null;
  try {
    held = await s.runs.begin(roomId, { runId, by, state: "queued" });
  } catch (err) {
    if (err instanceof CoordinationUnavailable) throw new Refusal("service_unavailable", runMessages.limitsUnavailable);
    throw err;
  }
  if (!held) throw new Refusal("run_in_progress", "A run is already in progress in this room");
  return held;
}

/**
 * `run:start` runs the room's live code in the room's language through the execution
 * service (same queue, quota and counting as POST /rooms/run) and streams the run to
 * the whole room; `run:stop` cancels it (the starter or the owner only), on whichever
 * process runs it. The room's run is shared through coordination (room-runs.ts).
 */
export function roomRunExtension(s: RealtimeServices): EditorExtension {
  const controllers = new Map<string, AbortController>();
  const stopHere = (runId: string) => {
    controllers.get(runId)?.abort();
    return controllers.has(runId);
  };
  s.cluster.answer("stopRun", ({ runId }) => stopHere(runId));

  return (socket, ctx, handle) => {
    handle(roomEvents.runStart, {}, async (p, ok) => {
      const roomId = socket.data.roomId!;
      const [user] = await s.deps.db.db.select().from(users).where(eq(users.id, socket.data.user.id));
      if (!user) throw new Refusal("session_required", "Please log in to continue");
      const snap = await ctx.snapshot(roomId);
      const runId = randomUUID();
      const by = { id: socket.data.user.id, name: socket.data.user.name };
      const channel = () => s.nsp.to(roomChannel(roomId));
      // Known before the run is visible to others, so a stop from any process finds it.
      const controller = new AbortController();
      controllers.set(runId, controller);
      let held: HeldRoomRun;
      try {
        held = await beginRun(s, roomId, runId, by);
      } catch (err) {
        controllers.delete(runId);
        throw err;
      }
      // Its lease was taken away (the room was freed as abandoned, or Redis lost it): another run may start.
      held.lease.onLost(() => controller.abort());

      let acked = false;
      const accept = () => {
        if (!acked) ok({ runId });
        acked = true;
      };
      let buffered: Record<"stdout" | "stderr", string> = { stdout: "", stderr: "" };
      let timer: NodeJS.Timeout | undefined;
      const flushOutput = () => {
        timer = undefined;
        for (const stream of ["stdout", "stderr"] as const) {
          if (!buffered[stream]) continue;
          // Stored first: whoever joins after seeing this output finds it in the room's state.
          held.appendOutput(buffered[stream]);
          channel().emit(roomEvents.runOutput, { runId, stream, data: buffered[stream] });
        }
        buffered = { stdout: "", stderr: "" };
      };
      const onOutput = (chunk: OutputChunk) => {
        buffered[chunk.stream === "stdout" ? "stdout" : "stderr"] += chunk.data;
        timer ??= setTimeout(flushOutput, OUTPUT_EVERY_MS);
      };
      try {
        const { result } = await runCode(s.deps, {
          user,
          body: { code: snap.code, langId: snap.languageId, stdIn: p.stdin },
          signal: controller.signal,
          onOutput,
          onQueued: (position) => {
            accept();
            channel().emit(roomEvents.runQueued, { runId, by, position });
          },
          onStarted: () => {
            accept();
            held.setState("running");
            channel().emit(roomEvents.runStarted, { runId, by });
          },
        });
        clearTimeout(timer);
        flushOutput();
        const finished: TRunFinished = { runId, by, result };
        channel().emit(roomEvents.runFinished, finished);
        // Every process shows it as the room's terminal, and sends it to its legacy sockets.
        s.cluster.broadcast("terminal", { roomId, result });
      } catch (err) {
        if (!acked && err instanceof AppError) throw new Refusal(err.code, err.message);
        throw err;
      } finally {
        clearTimeout(timer);
        controllers.delete(runId);
        await held.end();
      }
    });

    handle(roomEvents.runStop, {}, async (p, ok) => {
      const roomId = socket.data.roomId!;
      const run = await s.runs.current(roomId);
      if (!run || (p?.runId && p.runId !== run.runId)) throw new Refusal("no_run_in_progress", realtimeMessages.noRunInProgress);
      const owner = s.directory.get(roomId)?.ownerId === socket.data.user.id;
      if (run.by.id !== socket.data.user.id && !owner) throw new Refusal("room_forbidden", realtimeMessages.stopNotAllowed);
      if (!stopHere(run.runId) && !(await s.cluster.ask("stopRun", { roomId, runId: run.runId })).some(Boolean)) {
        // No live process runs it (its process died within the lease's TTL): free the room now.
        await s.runs.clear(roomId, run.runId);
        const lost: TRunFinished = { runId: run.runId, by: run.by, result: bareResult(runStatus.internal, runMessages.lost) };
        s.nsp.to(roomChannel(roomId)).emit(roomEvents.runFinished, lost);
      }
      ok();
    });
  };
}
