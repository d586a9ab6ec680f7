import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { realtimeMessages } from "@coderoom/shared/messages";
import { legacyEvents, roomEvents, type TRunFinished } from "@coderoom/shared/schemas/realtime";
import { users } from "../../db/schema/users";
import type { OutputChunk } from "../../execution/runner";
import { AppError } from "../../http/errors";
import { runCode } from "../../modules/execution/run-code";
import type { RealtimeServices } from "../realtime-services";
import type { RoomRun } from "../room-runtime";
import { roomChannel, type EditorExtension } from "./editor-extension";
import { localSockets } from "./room-members";
import { Refusal } from "../../socket/socket-handlers";

const OUTPUT_EVERY_MS = 50;
/** Output kept for late joiners (the run itself is capped by RUN_OUTPUT_KB). */
const KEPT_OUTPUT_CHARS = 64 * 1024;

/**
 * `run:start` runs the room's live code in the room's language through the execution
 * service (same queue, quota and counting as POST /rooms/run) and streams the run to
 * the whole room; `run:stop` cancels it (the starter or the owner only).
 */
export function roomRunExtension(s: RealtimeServices): EditorExtension {
  const controllers = new Map<string, { controller: AbortController; roomId: string }>();
  s.cluster.on("stopRun", ({ runId }) => controllers.get(runId)?.controller.abort());
  s.cluster.on("runState", ({ roomId, run }) => s.runtime.setRun(roomId, run));

  return (socket, ctx, handle) => {
    handle(roomEvents.runStart, {}, async (p, ok) => {
      const roomId = socket.data.roomId!;
      if (s.runtime.run(roomId)) throw new Refusal("run_in_progress", "A run is already in progress in this room");
      const [user] = await s.deps.db.db.select().from(users).where(eq(users.id, socket.data.user.id));
      if (!user) throw new Refusal("session_required", "Please log in to continue");
      const snap = await ctx.snapshot(roomId);
      const runId = randomUUID();
      const by = { id: socket.data.user.id, name: socket.data.user.name };
      const channel = () => s.nsp.to(roomChannel(roomId));
      let run: RoomRun = { runId, by, state: "queued", output: "" };
      const setRun = (next: RoomRun | null) => s.cluster.broadcast("runState", { roomId, run: next });
      setRun(run);
      const controller = new AbortController();
      controllers.set(runId, { controller, roomId });

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
          channel().emit(roomEvents.runOutput, { runId, stream, data: buffered[stream] });
          run = { ...run, output: (run.output + buffered[stream]).slice(-KEPT_OUTPUT_CHARS) };
        }
        buffered = { stdout: "", stderr: "" };
        s.runtime.setRun(roomId, run);
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
            run = { ...run, state: "running" };
            setRun(run);
            channel().emit(roomEvents.runStarted, { runId, by });
          },
        });
        clearTimeout(timer);
        flushOutput();
        const finished: TRunFinished = { runId, by, result };
        channel().emit(roomEvents.runFinished, finished);
        s.cluster.broadcast("terminal", { roomId, result });
        // Legacy clients learn a result only through updateTerminal.
        for (const other of localSockets(s.nsp, roomId)) if (other.data.legacy) other.emit(legacyEvents.updateTerminal, result);
      } catch (err) {
        if (!acked && err instanceof AppError) throw new Refusal(err.code, err.message);
        throw err;
      } finally {
        clearTimeout(timer);
        controllers.delete(runId);
        setRun(null);
      }
    });

    handle(roomEvents.runStop, {}, (p, ok) => {
      const roomId = socket.data.roomId!;
      const run = s.runtime.run(roomId);
      if (!run || (p?.runId && p.runId !== run.runId)) throw new Refusal("no_run_in_progress", realtimeMessages.noRunInProgress);
      const owner = s.directory.get(roomId)?.ownerId === socket.data.user.id;
      if (run.by.id !== socket.data.user.id && !owner) throw new Refusal("room_forbidden", realtimeMessages.stopNotAllowed);
      s.cluster.broadcast("stopRun", { roomId, runId: run.runId });
      ok();
    });
  };
}
